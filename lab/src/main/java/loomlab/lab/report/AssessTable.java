package loomlab.lab.report;

import static loomlab.core.Figures.count;
import static loomlab.core.Figures.num;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import loomlab.core.Figures;
import loomlab.core.OneLine;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.arm.Spread;
import loomlab.core.assess.Capacity;
import loomlab.core.assess.CapacityStep;
import loomlab.core.assess.CurvePoint;
import loomlab.core.assess.DecidingWindows;
import loomlab.core.assess.ServiceCosts;
import loomlab.core.assess.ServiceSwitch;
import loomlab.core.pinning.PinningSite;
import loomlab.lab.report.verdict.WarmupText;

/** The assessment's table: per arm, its capacity and bracket, the curve's best, and what it cost. */
public final class AssessTable {
    static final List<String> COLUMNS = List.of("arm", "JDK", "capacity req/s", "bracket req/s", "limit", "p99 at capacity ms",
            "curve best req/s (users)", "CPU per request at capacity ms", "cores at capacity: service + lab + other", "peak RSS MB",
            "peak OS threads",
            "GC at capacity: ms per 1k req (wall %)", "pinned", "errors", "notes");

    private AssessTable() {
    }

    static Table of(List<ArmResult> arms) {
        Table table = new Table(COLUMNS);
        for (ArmResult arm : arms) {
            table.row(arm instanceof AssessArmResult a ? row(a) : ArmTables.failedRow(arm, COLUMNS.size()));
        }
        return table;
    }

    private static List<String> row(AssessArmResult arm) {
        Capacity capacity = arm.capacity();
        CapacityStep at = capacity.atCapacity();
        ServiceCosts costs = arm.costs();
        ServiceSwitch how = arm.setup().switchedBy();
        // A command line is too long for a cell: it is listed below the table (commands(...)).
        List<String> notes = new ArrayList<>(how.kind().equals(ServiceSwitch.COMMAND) ? List.of("command below")
                : how.arguments());
        if (costs.database() != null) {
            notes.add(database(costs.database()));
        }
        if (arm.setup().endpointLines() != null) {
            notes.add("endpoint code " + arm.setup().endpointLines() + " lines");
        }
        if (Boolean.FALSE.equals(arm.steady())) {
            // First: no lead rests on the figures of an arm that did not settle.
            notes.addFirst(arm.warmup() != null && !arm.warmup().steady() ? "warm-up " + WarmupText.cell(arm.warmup())
                    : "a run's warm-up not steady");
        } else if (arm.warmup() != null) {
            notes.add("warm-up " + WarmupText.cell(arm.warmup()));
        }
        if (arm.deciding() != null) {
            notes.add(deciding(arm.deciding()));
        }
        if (arm.failure() != null) {
            notes.addFirst("stopped partway: " + OneLine.of(arm.failure()));
        }
        // Repeated (--repeat): the median run's figures, and the span of every run's brackets beside its own.
        String runs = arm.repeats() == null ? "" : "; " + arm.repeats().count() + " runs: "
                + bracket(arm.capacityOverRuns());
        // Repeated, the capacity is the median run's with the least and most of the runs beside it.
        Spread spread = arm.capacityOverRunsSpread();
        String figure = spread != null ? num(spread.median()) + " (" + num(spread.min()) + "-" + num(spread.max()) + ")"
                : capacity.rps() == null ? "" : num(capacity.rps());
        return List.of(arm.name(), arm.setup().jdk(), figure,
                bracket(capacity) + (Boolean.FALSE.equals(capacity.confirmed()) ? " (passed in one step)" : "") + runs,
                arm.whoseLimit() == null ? "" : arm.whoseLimit().id(), at == null || at.p99Ms() == null ? ""
                        : num(at.p99Ms()), best(arm.curve()),
                optional(costs.cpuPerRequestMs()), cores(costs), optional(costs.peakRssMb()),
                costs.peakThreads() == null ? "" : count(costs.peakThreads()), gcAt(at),
                pinned(arm), count(arm.errors()), String.join("; ", notes));
    }

    /**
     * {@code 1.20 + 0.50 + 0.20}: the service's, the lab's and the machine's other work's cores, apart, since only
     * the first is the service's cost and the last is what the machine took beside both ("?" where unread).
     */
    private static String cores(ServiceCosts costs) {
        if (costs.serviceCores() == null) {
            return "";
        }
        return num(costs.serviceCores()) + " + " + (costs.labCores() == null ? "?" : num(costs.labCores())) + " + "
                + (costs.otherCores() == null ? "?" : num(costs.otherCores()));
    }

    /**
     * {@code 0.52 (0.90 %)}: the collector's pauses inside the window of the step at capacity, per 1,000
     * requests it served and as a share of its wall time, beside the CPU per request read there; blank
     * when unread. The verdict compares them at a rate both arms carried; the whole run's total compares
     * runs of different lengths, so it is in results.json only, labelled.
     */
    static String gcAt(CapacityStep step) {
        if (step == null || step.gcMsPerThousandRequests() == null) {
            return "";
        }
        return num(step.gcMsPerThousandRequests()) + (step.gcShareOfWall() == null ? ""
                : " (" + num(step.gcShareOfWall() * 100) + " %)");
    }

    /** {@code database 0.31 cores, 0.12 ms CPU per request, 41 MB}: charged to it, not to the service. */
    /**
     * {@code deciding windows at 199 req/s: p99 51.3 ms-60.0 ms in 4}; a window with errors or stopped early
     * reads as {@code errors}.
     */
    static String deciding(DecidingWindows windows) {
        List<Double> p99s = windows.p99s();
        double least = p99s.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double most = p99s.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        return "deciding windows at " + num(windows.rateRps()) + " req/s: p99 " + p99(least) + (least == most ? ""
                : " to " + p99(most)) + " in " + p99s.size();
    }

    private static String p99(double ms) {
        return Double.isInfinite(ms) ? "errors" : num(ms) + " ms";
    }

    static String database(ServiceCosts.DatabaseCosts database) {
        return "database " + (database.cores() == null ? "n/a" : num(database.cores())) + " cores, "
                + (database.cpuPerRequestMs() == null ? "n/a" : num(database.cpuPerRequestMs()))
                + " ms CPU per request, " + (database.peakMemoryMb() == null ? "n/a" : num(database.peakMemoryMb()))
                + " MB at most";
    }

    /** Each arm's command line, where a command switched it: below the table, where it has room. */
    static List<String> commands(List<ArmResult> arms) {
        List<String> commands = new ArrayList<>();
        for (ArmResult arm : arms) {
            if (arm instanceof AssessArmResult a && a.setup().switchedBy().kind().equals(ServiceSwitch.COMMAND)) {
                commands.add(a.name() + ": " + String.join(" ", a.setup().switchedBy().arguments()));
            }
        }
        return commands;
    }

    /** {@code 190-199}, {@code at least 20000}, {@code below 1}. */
    static String bracket(Capacity capacity) {
        return switch (capacity.kind()) {
            case BRACKETED -> num(capacity.low()) + "-" + num(capacity.high());
            case AT_LEAST -> "at least " + num(capacity.low());
            case BELOW_LOWEST -> "below " + num(capacity.high());
            case NOT_MEASURED -> "not measured";
        };
    }

    private static String best(List<CurvePoint> curve) {
        return curve.stream().max(Comparator.comparingDouble(CurvePoint::throughputRps))
                .map(p -> num(p.throughputRps()) + " (" + p.users() + ")").orElse("");
    }

    /** Pinned events and their time, with the first site; blank when no recording could be read. */
    private static String pinned(AssessArmResult arm) {
        String recorded;
        if (!arm.pinning().read()) {
            recorded = "";
        } else if (arm.pinning().events() == 0) {
            recorded = "0";
        } else {
            PinningSite first = arm.pinning().sites().getFirst();
            recorded = count(arm.pinning().events()) + " (" + num(arm.pinning().pinnedMs()) + " ms), first at "
                    + first.frame();
        }
        return recorded + ArmTables.dumpedPins(arm.watch().pinnedCarriersSeen(), recorded.isEmpty());
    }

    private static String optional(Double value) {
        return value == null ? "" : num(value);
    }
}
