package loomlab.lab.report.verdict;

import static loomlab.core.Figures.count;
import static loomlab.core.Figures.percent;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import loomlab.core.Figures;
import loomlab.core.arm.ArmFlag;
import loomlab.core.arm.ErrorCounts;

/** The words of an arm's flags, for tables, the report and results.json's {@code flags}. */
public final class FlagText {
    private FlagText() {
    }

    public static String of(ArmFlag flag) {
        return switch (flag) {
            case ArmFlag.Errors e -> count(e.errors().total()) + " errors (" + kinds(e.errors())
                    + "); efficiency counts the " + count(e.successful()) + " successful requests only";
            case ArmFlag.AboveBound a when a.withinNoise() -> "efficiency " + efficiency(a) + " is above its "
                    + a.basis().name().toLowerCase() + " bound by no more than the 2% of noise its measured inputs"
                    + " carry: read it as at the bound, not past it";
            case ArmFlag.AboveBound a -> "efficiency " + efficiency(a) + " is above its "
                    + a.basis().name().toLowerCase() + " bound by more than 2%: an input of the bound did not hold"
                    + " here, a measurement problem, not a win";
            case ArmFlag.GeneratorSaturated g -> "the load generator used " + percent(g.utilisation())
                    + " of its CPU: these figures may describe the generator, not the server";
            case ArmFlag.ClientBehind c -> "the connections client sent a message as late as " + Figures.num(c.maxSendLagMs())
                    + " ms behind its schedule (interval " + count(c.intervalMs()) + " ms): the round trips partly"
                    + " describe the client, not the server";
            case ArmFlag.RssNotAboveIdle r -> "the server's RSS with every connection open, " + Figures.num(r.rssMb())
                    + " MB, was not above its idle RSS, " + Figures.num(r.idleRssMb()) + " MB: a failed reading, so its"
                    + " memory per connection is unknown, not 0";
            case ArmFlag.LateSends l -> count(l.count()) + " requests went out more than 1 ms after their intended"
                    + " send time";
            case ArmFlag.BacklogOverflowed b -> "the kernel dropped " + count(b.overflows()) + " connection"
                    + (b.overflows() == 1 ? "" : "s") + " at a full listen backlog (TcpExt ListenOverflows on this"
                    + " host): each client waited for its retransmission, about 1 s, whatever the thread model";
            case ArmFlag.Hung h -> "hung: nothing answered for " + Figures.num(h.hang().silentS()) + " s with "
                    + count(h.hang().inFlight()) + " requests outstanding; stopped after two thread dumps ("
                    + h.hang().classification().kind() + "), so its figures end at the hang and its pinned-event count"
                    + " leaves out every pin still held (JFR writes one only when a pin ends)";
            case ArmFlag.NoBound n -> switch (n.reason()) {
                case NO_SUCCESSFUL_REQUEST -> "no bound and no efficiency: no request succeeded";
                case NO_WAIT_AND_NO_CPU -> "no bound and no efficiency: the request has no wait of its own, its"
                        + " unloaded latency was not measured and no CPU figure was read";
            };
        };
    }

    public static List<String> of(List<ArmFlag> flags) {
        return flags.stream().map(FlagText::of).toList();
    }

    /**
     * A few words for a table cell, so one flagged arm does not widen every row; the full reason
     * stands in the verdict, the report's badge and results.json.
     */
    public static String brief(ArmFlag flag) {
        return switch (flag) {
            case ArmFlag.Errors e -> count(e.errors().total()) + " errors (" + kinds(e.errors()) + ")";
            case ArmFlag.AboveBound a when a.withinNoise() -> "at its bound (" + efficiency(a) + ", within noise)";
            case ArmFlag.AboveBound a -> "above its bound (" + efficiency(a) + "): a measurement problem";
            case ArmFlag.GeneratorSaturated g -> "generator saturated (" + percent(g.utilisation()) + ")";
            case ArmFlag.ClientBehind c -> "client behind its schedule (" + Figures.num(c.maxSendLagMs()) + " ms)";
            case ArmFlag.RssNotAboveIdle r -> "RSS not above idle: memory per connection unknown";
            case ArmFlag.LateSends l -> count(l.count()) + " late sends";
            case ArmFlag.BacklogOverflowed b -> droppedAtBacklog(b.overflows());
            case ArmFlag.Hung h -> "hung (" + h.hang().classification().kind() + ")";
            case ArmFlag.NoBound n -> "no bound";
        };
    }

    /** {@code 25 connections dropped at a full listen backlog}: what a step or an arm lost to the kernel's queue. */
    public static String droppedAtBacklog(long overflows) {
        return count(overflows) + " connection" + (overflows == 1 ? "" : "s") + " dropped at a full listen backlog";
    }

    /** Two or three words naming the flag's kind, for a headline that must keep its own figures. */
    public static String tag(ArmFlag flag) {
        return switch (flag) {
            case ArmFlag.Errors e -> "errors";
            case ArmFlag.AboveBound a -> "above its bound";
            case ArmFlag.GeneratorSaturated g -> "generator saturated";
            case ArmFlag.ClientBehind c -> "client behind";
            case ArmFlag.RssNotAboveIdle r -> "memory reading failed";
            case ArmFlag.LateSends l -> "late sends";
            case ArmFlag.BacklogOverflowed b -> "connections dropped at the listen backlog";
            case ArmFlag.Hung h -> "hung";
            case ArmFlag.NoBound n -> "no bound";
        };
    }

    public static List<String> brief(List<ArmFlag> flags) {
        return flags.stream().map(FlagText::brief).toList();
    }

    private static String efficiency(ArmFlag.AboveBound above) {
        return String.format(Locale.ROOT, "%.1f%%", above.efficiency() * 100);
    }

    private static String kinds(ErrorCounts errors) {
        List<String> kinds = new ArrayList<>();
        add(kinds, errors.connect(), "connect");
        add(kinds, errors.timeout(), "timed out");
        add(kinds, errors.status(), "error status");
        add(kinds, errors.protocol(), "broken");
        return String.join(", ", kinds);
    }

    private static void add(List<String> kinds, long count, String kind) {
        if (count > 0) {
            kinds.add(count(count) + " " + kind);
        }
    }
}
