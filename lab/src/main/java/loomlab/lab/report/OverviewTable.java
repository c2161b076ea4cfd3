package loomlab.lab.report;

import static loomlab.core.Figures.num;
import static loomlab.core.Figures.times;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import loomlab.core.Figures;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.Spread;
import loomlab.core.assess.Capacity;
import loomlab.core.finding.ArmHung;
import loomlab.core.finding.ArmsNotSwitched;
import loomlab.core.finding.CapacityLead;
import loomlab.core.finding.Finding;
import loomlab.core.finding.KeyFact;
import loomlab.core.finding.Leader;
import loomlab.core.finding.NotMeasured;
import loomlab.core.result.Overview;
import loomlab.core.result.RunResult;

/**
 * The first screen of a report: per experiment (per JDK for an assessment) its question, the seed's
 * figure (published), ours, the bound, and whether the seed was reproduced, in the few words a
 * table cell holds. The status is the core's ({@link Overview}); this only writes it.
 */
public final class OverviewTable {
    public static final List<String> COLUMNS = List.of("experiment", "question", "published (the seed's)", "ours", "bound",
            "status");

    private OverviewTable() {
    }

    public static Table of(RunResult run) {
        Table table = new Table(COLUMNS, COLUMNS.size());
        for (Overview.Row row : Overview.of(run.experiments())) {
            table.row(cells(row));
        }
        return table;
    }

    public static List<String> cells(Overview.Row row) {
        return List.of(title(row), row.question(), row.published() == null ? "" : figures(row.published()),
                row.capacity() != null ? capacities(row) : row.uncompared() != null ? uncompared(row.uncompared())
                        : row.ours() == null ? ""
                        : figures(row.ours(), oneRun(row) ? "one run: spread not measured" : null)
                        + (row.flagged() ? " (an arm flagged: see its section)" : ""),
                row.bound() == null || row.ours() == null ? "" : num(row.bound()) + " " + row.ours().measure().unit(),
                status(row));
    }

    /**
     * Ours is a comparison of two arms that names no lead because it measured no spread: the row says so, as an
     * assessment's capacities do.
     */
    private static boolean oneRun(Overview.Row row) {
        return row.key() instanceof KeyFact.Comparison c && !c.lead().byRanges() && row.ours().second() != null
                && row.ours().measure() == c.lead().measure();
    }

    /** {@code assess, JDK 25} for an assessment's row, else the experiment's name. */
    public static String title(Overview.Row row) {
        return row.jdk() == null ? row.experiment() : row.experiment() + ", JDK " + row.jdk();
    }

    /** {@code virtual / platform:1: 390 / 19.2 req/s (the first 20.3x better)}, or {@code virtual: 390 req/s}. */
    static String figures(Overview.Figures f) {
        return figures(f, null);
    }

    /** The figures, with {@code note} (or null) in the brackets after the ratio, or in brackets of its own. */
    private static String figures(Overview.Figures f, String note) {
        String unit = " " + f.measure().unit();
        if (f.second() == null) {
            return label(f.first()) + ": " + num(f.firstValue()) + unit;
        }
        return label(f.first()) + " / " + label(f.second()) + ": " + num(f.firstValue()) + " / "
                + num(f.secondValue()) + unit + brackets(f.advantage() == null ? null : better(f), note);
    }

    /** {@code " (a; b)"} of the parts that are not null, or nothing. */
    private static String brackets(String... parts) {
        List<String> said = Arrays.stream(parts).filter(Objects::nonNull).toList();
        return said.isEmpty() ? "" : " (" + String.join("; ", said) + ")";
    }

    /** {@code the first 2.0x better}, or {@code the second 3.9x better}: the figure that is ahead, read its way. */
    static String better(Overview.Figures f) {
        double advantage = f.advantage();
        return advantage >= 1 ? "the first " + times(advantage) + " better" : "the second " + times(1 / advantage)
                + " better";
    }

    private static String label(ArmKey arm) {
        return arm.mode() + (arm.users() == null ? "" : ", " + arm.users() + (arm.users() == 1 ? " user" : " users"))
                + (arm.jdk() == null ? "" : ", JDK " + arm.jdk());
    }

    private static String capacities(Overview.Row row) {
        // The reactive experiment sets virtual threads against WebFlux; an assessment against the pool.
        // Over repeated runs each the median run's with the least and most; one run says it measured no spread.
        CapacityLead c = row.capacity();
        String other = ServerId.WEBFLUX.equals(c.platform().server()) ? "WebFlux" : "pool";
        // One run whose arms met in deciding windows says what they decided, with the figure to check.
        String spread = c.runs() >= 2 ? ", " + c.runs() + " runs" : c.decidingRateRps() != null ? " (one run; side by"
                + " side at " + num(c.decidingRateRps()) + " req/s: " + (c.leader() != Leader.NEITHER
                ? "a lead, 1 fluke in " + Figures.plain(c.chance().oneIn()) : "no lead") + ")"
                : " (one run: spread not measured)";
        return "virtual / " + other + ": " + overRuns(c.virtualRuns(), c.virtualCapacity()) + " / "
                + overRuns(c.platformRuns(), c.platformCapacity()) + " req/s at the p99 target" + spread;
    }

    /** {@code 950 (900-1,000)} over runs, else the capacity in a few words. */
    private static String overRuns(Spread runs, Capacity capacity) {
        return runs == null ? capacity.figure() : num(runs.median()) + " (" + num(runs.min()) + "-"
                + num(runs.max()) + ")";
    }

    /**
     * {@code virtual: hung: carrier-deadlock at FRAME}; {@code not compared: the arms were not switched};
     * {@code not compared: virtual died}: why an assessment's JDK has no capacities side by side.
     */
    static String uncompared(Finding why) {
        return switch (why) {
            case ArmHung h -> h.arm().mode() + ": hung: " + h.hang().classification().kind().id()
                    + (h.hang().classification().frames().isEmpty() ? ""
                    : " at " + h.hang().classification().frames().getFirst());
            case ArmsNotSwitched n -> "not compared: the arms were not switched";
            case NotMeasured m -> "not compared: " + m.arms().stream().map(a -> a.key().mode() + " " + a.status())
                    .collect(Collectors.joining(", "));
            default -> "";
        };
    }

    static String status(Overview.Row row) {
        return switch (row.status()) {
            case REPRODUCED -> "reproduced";
            case DIFFERS -> row.published().advantage() != null && row.ours().advantage() != null
                    ? "differs: ours " + better(row.ours()) + ", the seed's " + better(row.published())
                    : "differs: " + num(row.ours().firstValue()) + " against the seed's "
                    + num(row.published().firstValue()) + " " + row.ours().measure().unit();
            case NOT_COMPARED -> "not compared: the seed's setting did not run";
            case NEW -> "new";
        };
    }
}
