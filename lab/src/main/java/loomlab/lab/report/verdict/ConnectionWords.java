package loomlab.lab.report.verdict;

import static loomlab.core.Figures.count;
import static loomlab.core.Figures.num;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import loomlab.core.arm.ConnectionsArmResult.ConnectionCap;
import loomlab.core.arm.ConnectionsArmResult.ConnectionLimit;
import loomlab.core.connections.ConnectionLimits;
import loomlab.core.finding.ConnectionsFinding;
import loomlab.core.finding.ConnectionsHeld;

/**
 * What an arm of the connections experiment held, and, where it held fewer than asked, why: the lab's cap
 * (predicted from the limits in force) or a limit the ramp met by itself, and the remedy.
 */
final class ConnectionWords {
    private ConnectionWords() {
    }

    static String held(ConnectionsHeld held) {
        StringBuilder out = new StringBuilder(capitalised(held.arm().mode().toString())).append(" threads held ")
                .append(count(held.held())).append(" of ").append(count(held.target())).append(" connections");
        if (held.rssPerConnectionKb() != null) {
            out.append(", ").append(num(held.rssPerConnectionKb())).append(" KB of server RSS each");
        }
        if (held.connectRatePerS() != null) {
            out.append(", opened at ").append(count(Math.round(held.connectRatePerS()))).append(" per second");
        }
        if (held.threads() != null) {
            out.append(", with ").append(count(held.threads())).append(" server threads");
        }
        out.append('.');
        if (held.limit() != null || held.cappedAt() != null) {
            out.append(' ').append(held.limit() != null ? limit(held.limit(), held.cap()) : capped(held.cappedAt()));
            if (!held.further().isEmpty()) {
                out.append(" Beyond it, ").append(held.further().stream().map(c -> c.limitName() + " ("
                        + count(c.limitValue()) + ") would stop it at " + count(c.count()))
                        .collect(Collectors.joining(" and "))).append('.');
            }
        }
        String garbage = garbage(held);
        if (!garbage.isEmpty()) {
            out.append(' ').append(garbage);
        }
        if (held.errors() > 0) {
            out.append(' ').append(count(held.errors())).append(held.errors() == 1 ? " error" : " errors")
                    .append(" below any limit").append(held.firstError() == null ? "" : ", the first "
                            + held.firstError().kind() + ": " + held.firstError().message()).append('.');
        }
        return out.toString();
    }

    /** The limit the ramp met by itself, against the cap the limits in force gave before it ran. */
    static String limit(ConnectionLimit limit, ConnectionCap cap) {
        String value = limit.value() == null ? "" : " (" + count(limit.value()) + ")";
        String stopped = "It stopped at " + count(limit.reachedAt()) + " on " + limit.name() + value;
        String expected = cap == null ? "" : cap.count() == limit.reachedAt() && cap.limitName().equals(limit.name())
                ? ", as the limits in force allowed"
                : "; the limits in force allowed " + count(cap.count()) + " (" + cap.limitName() + " "
                        + count(cap.limitValue()) + ")";
        String remedy = ConnectionLimits.remedy(limit.name());
        return stopped + expected + (remedy == null ? "." : "; to hold more, " + remedy + ".");
    }

    /**
     * The cap the lab put on its request before the arm ran, from the limit in force that allows the
     * fewest: predicted, not met, so the arm "stopped" at nothing.
     */
    static String capped(ConnectionCap cap) {
        String remedy = ConnectionLimits.remedy(cap.limitName());
        return "Capped by the lab at " + count(cap.count()) + ", " + why(cap) + ": it asked for no more, so no"
                + " limit was reached" + (remedy == null ? "." : "; to hold more, " + remedy + ".");
    }

    /** How the lab computed a cap from its limit, as {@code ConnectionLimits.caps} does. */
    private static String why(ConnectionCap cap) {
        return switch (cap.limitName()) {
            case ConnectionLimits.OPEN_FILES -> "the open-files limit less its reserve (" + cap.limitName() + " "
                    + count(cap.limitValue()) + " less the " + count(ConnectionLimits.FILES_RESERVED)
                    + " files a JVM keeps for itself)";
            case ConnectionLimits.PID_MAX, ConnectionLimits.THREADS_MAX -> cap.limitName() + " ("
                    + count(cap.limitValue()) + ") less the machine's tasks and the "
                    + count(ConnectionLimits.TASKS_RESERVED) + " left to it, a platform thread each";
            case ConnectionLimits.MAX_MAP_COUNT -> cap.limitName() + " (" + count(cap.limitValue()) + ") less the "
                    + count(ConnectionLimits.MAPS_RESERVED) + " maps a JVM holds, at "
                    + ConnectionLimits.MAPS_PER_THREAD + " maps a platform thread";
            default -> cap.limitName() + " (" + count(cap.limitValue()) + ")";
        };
    }

    /**
     * Where a full collection the lab asked for did not lower the server's RSS: the pages the garbage
     * held stayed resident, so the memory per connection includes them. Nothing when each one lowered it
     * or was not read.
     */
    static String garbage(ConnectionsHeld held) {
        var around = held.collections();
        if (held.rssPerConnectionKb() == null) {
            return "";
        }
        List<String> kept = new ArrayList<>();
        if (Boolean.FALSE.equals(around.idleLowered())) {
            kept.add("idle, " + num(around.idleBeforeMb()) + " MB before it and " + num(around.idleAfterMb())
                    + " after");
        }
        if (Boolean.FALSE.equals(around.heldLowered())) {
            kept.add("with every connection open, " + num(around.heldBeforeMb()) + " MB before it and "
                    + num(around.heldAfterMb()) + " after");
        }
        return kept.isEmpty() ? "" : "The full collection the lab asked for did not lower the server's RSS ("
                + String.join("; ", kept) + "), so the " + num(held.rssPerConnectionKb()) + " KB per connection"
                + " includes heap pages that held garbage.";
    }

    private static String capitalised(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    /** The sentence of a finding of this family. */
    static String of(ConnectionsFinding finding) {
        return switch (finding) {
            case ConnectionsHeld held -> held(held);
        };
    }
}
