package loomlab.lab.report.verdict;

import static loomlab.core.Figures.count;
import static loomlab.core.Figures.num;

import java.util.stream.Collectors;
import loomlab.core.arm.ConnectionsArmResult.ConnectionCap;
import loomlab.core.arm.ConnectionsArmResult.ConnectionLimit;
import loomlab.core.connections.ConnectionLimits;
import loomlab.core.finding.ConnectionsFinding;
import loomlab.core.finding.ConnectionsHeld;

/** What an arm of the connections experiment held, and, where it stopped short, the limit and its remedy. */
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
        if (held.limit() != null) {
            out.append(' ').append(limit(held.limit(), held.cap()));
            if (!held.further().isEmpty()) {
                out.append(" Beyond it, ").append(held.further().stream().map(c -> c.limitName() + " ("
                        + count(c.limitValue()) + ") would stop it at " + count(c.count()))
                        .collect(java.util.stream.Collectors.joining(" and "))).append('.');
            }
        }
        if (held.errors() > 0) {
            out.append(' ').append(count(held.errors())).append(held.errors() == 1 ? " error" : " errors")
                    .append(" below any limit").append(held.firstError() == null ? "" : ", the first "
                            + held.firstError().kind() + ": " + held.firstError().message()).append('.');
        }
        return out.toString();
    }

    /** The limit that stopped the arm, against the cap the limits in force gave before it ran. */
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
