package loomlab.lab.report.verdict;

import static loomlab.core.Figures.num;
import static loomlab.core.Figures.times;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import loomlab.core.Figures;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ServerId;
import loomlab.core.assess.Capacity;
import loomlab.core.experiment.Reactive;
import loomlab.core.finding.CapacityLead;
import loomlab.core.finding.CpuLimitsAtCapacity;
import loomlab.core.finding.EndpointCode;
import loomlab.core.finding.Leader;
import loomlab.core.finding.ReactiveFinding;
import loomlab.core.finding.VirtualVersusReactive;
import loomlab.core.finding.WinnersMatrix;

/** The reactive experiment's findings in words: virtual threads against WebFlux, the winners, the code. */
public final class ReactiveWords {
    private ReactiveWords() {
    }

    /**
     * The comparison, with its ranges and the CPU figures behind it: a winner only beyond the spread of
     * repeated runs; one run says whose bracket lay above and that it measured no spread.
     */
    static String versus(VirtualVersusReactive v) {
        String figures = "(" + figures(v) + " at p99 <= " + num(Reactive.SLO_P99_MS) + " ms)";
        String beyond = ", beyond the spread of " + v.runs() + " runs";
        String lead = switch (v.leader()) {
            case FIRST -> "Spring MVC on virtual threads carried more than WebFlux" + beyond + ": " + ratio(v) + " "
                    + figures + ".";
            case SECOND -> "WebFlux carried more than Spring MVC on virtual threads" + beyond + ": virtual threads"
                    + " reached " + ratio(v) + " of its capacity " + figures + ".";
            case NEITHER -> v.why() == CapacityLead.Tie.ONE_RUN ? AssessWords.ONE_RUN + ", so no winner is named: "
                    + switch (v.ahead()) {
                        case FIRST -> "Spring MVC on virtual threads' bracket lay above WebFlux's, " + ratio(v);
                        case SECOND, NEITHER -> "WebFlux's bracket lay above, virtual threads at " + ratio(v)
                                + " of its capacity";
                    } + " " + figures + "."
                    : v.why() == CapacityLead.Tie.TOO_FEW ? "no winner is named over " + v.runs() + " runs: "
                    + switch (v.ahead()) {
                        case FIRST -> "Spring MVC on virtual threads' range lay above WebFlux's, " + ratio(v);
                        case SECOND, NEITHER -> "WebFlux's range lay above, virtual threads at " + ratio(v)
                                + " of its capacity";
                    } + " " + figures + ", but " + AssessWords.chance(v.chance()) + "."
                    : "Spring MVC on virtual threads matched WebFlux within the " + (v.runs() >= 2 ? "ranges of "
                    + v.runs() + " runs" : "brackets") + ": " + ratio(v) + " " + figures
                    + ", too close for the lab to call either ahead" + (v.runs() >= 2 ? "." : " (one run: spread not"
                    + " measured).");
        };
        return v.workload() + ": " + lead + unconfirmed(v) + backlog("Spring MVC on virtual threads",
                v.virtualCapacity()) + backlog("WebFlux", v.reactiveCapacity()) + cpu(v);
    }

    /** The capacities that rest on one step at their rate: the search ran out of steps before measuring it again. */
    private static String unconfirmed(VirtualVersusReactive v) {
        List<String> once = new ArrayList<>();
        if (Boolean.FALSE.equals(v.virtualCapacity().confirmed())) {
            once.add("Spring MVC on virtual threads' " + num(v.virtualCapacity().low()));
        }
        if (Boolean.FALSE.equals(v.reactiveCapacity().confirmed())) {
            once.add("WebFlux's " + num(v.reactiveCapacity().low()));
        }
        return once.isEmpty() ? "" : " Not confirmed: " + VerdictWriter.inSentence(once) + " req/s passed in one step,"
                + " and the search ran out of steps before measuring " + (once.size() == 1 ? "it" : "them") + " again.";
    }

    /** The listen backlog's drops in the step that failed at the top of an arm's bracket, when there were any. */
    private static String backlog(String arm, Capacity capacity) {
        return capacity.backlogDropsWhereFailed().map(drops -> " " + arm + " failed at " + num(capacity.high())
                + " req/s with " + AssessWords.backlogDrops(drops) + ".").orElse("");
    }

    /**
     * {@code 800 against 1,600 req/s}; over repeated runs each the median run's with the least and most:
     * {@code 800 (367-1,130) against 1,600 (1,130-1,600) req/s over 3 runs}.
     */
    private static String figures(VirtualVersusReactive v) {
        if (v.runs() < 2) {
            return v.virtualCapacity().figure() + " against " + v.reactiveCapacity().figure()
                    + " req/s";
        }
        return AssessWords.median(v.virtualRuns(), v.virtualCapacity()) + " against "
                + AssessWords.median(v.reactiveRuns(), v.reactiveCapacity()) + " req/s over " + v.runs() + " runs";
    }

    /**
     * e.g. {@code 0.95x (0.85x to 1.10x given the brackets)}; over repeated runs, the median runs' ratio
     * within the span of every run's brackets.
     */
    private static String ratio(VirtualVersusReactive v) {
        if (unbounded(v)) {
            return "no ratio, since the two ranges leave it unbounded";
        }
        String range = v.ratioHigh() == null ? "at least " + times(v.ratioLow())
                : !(v.ratioLow() > 0) ? "at most " + times(v.ratioHigh())
                : times(v.ratioLow()) + " to " + times(v.ratioHigh());
        String given = v.runs() > 1 ? " given the ranges of " + v.runs() + " runs" : " given the brackets";
        return v.ratio() == null ? range : times(v.ratio()) + " (" + range + given + ")";
    }

    private static String cpu(VirtualVersusReactive v) {
        if (v.cpuRatio() == null) {
            return "";
        }
        return " CPU per request at " + num(v.commonRateRps()) + " req/s, a rate every arm was offered: "
                + num(v.virtualCpuMs()) + " ms on virtual threads, " + num(v.reactiveCpuMs()) + " ms on WebFlux ("
                + times(v.cpuRatio()) + ").";
    }

    /** One row of the matrix: each metric's winner, or why none. */
    static String matrix(WinnersMatrix m) {
        List<String> cells = new ArrayList<>();
        for (WinnersMatrix.Cell cell : m.cells()) {
            cells.add(metric(cell.metric(), m.commonRateRps()) + ": " + cell(cell));
        }
        return "Winners for " + m.workload() + ": " + String.join("; ", cells) + ".";
    }

    /** A metric's name, with the rate its figures were taken at. */
    public static String metric(WinnersMatrix.Metric metric, Double commonRate) {
        String at = commonRate == null ? "" : " at " + num(commonRate) + " req/s";
        return switch (metric) {
            case CAPACITY -> "capacity";
            case CPU_PER_REQUEST -> "CPU per request" + at;
            case PEAK_RSS -> "peak RSS";
            case TAIL_P99 -> "worst path's p99" + at;
        };
    }

    /**
     * A cell in a few words: the winner, or "no clear winner" and the figures that tied (the best one and
     * each that kept it from winning); disqualified arms are named.
     */
    public static String cell(WinnersMatrix.Cell cell) {
        String verdict = cell.winner() != null ? arm(cell.winner()) : switch (cell.tie()) {
            case OVERLAP -> "no clear winner (" + tied(cell) + " overlap)";
            case ONE_RUN -> "no winner named (one run: spread not measured; " + tied(cell) + ")";
            case TOO_FEW -> "no winner named (apart, but too few runs: " + tied(cell) + ")";
            case NONE_QUALIFIED -> "no figure to compare";
            case LIGHTER_LOAD -> "no clear winner (" + underLoad(cell, cell.leader()) + " against "
                    + underLoad(cell, cell.rivals().getFirst()) + ")";
        };
        List<String> out = new ArrayList<>();
        for (WinnersMatrix.Exclusion why : WinnersMatrix.Exclusion.values()) {
            List<String> arms = cell.entries().stream().filter(e -> e.excluded() == why).map(e -> arm(e.arm()))
                    .toList();
            if (!arms.isEmpty() && why != WinnersMatrix.Exclusion.NONE) {
                out.add(VerdictWriter.inSentence(arms) + " out " + switch (why) {
                    case UNFINISHED -> "(its run did not finish)";
                    case ERRORS -> "with errors";
                    case MISSED_TARGET -> "(missed the p99 target at that rate)";
                    case NONE -> throw new IllegalStateException();
                });
            }
        }
        return out.isEmpty() ? verdict : verdict + ", " + String.join(", ", out);
    }

    /**
     * The leader's figure and its rivals', each with its arm: "Spring MVC virtual 800-1,130 and WebFlux at
     * least 367 req/s", or "A 55.7, B 57.0 and C 59.3 ms".
     */
    private static String tied(WinnersMatrix.Cell cell) {
        List<String> figures = new ArrayList<>();
        figures.add(arm(cell.leader()) + " " + figure(cell.metric(), cell.of(cell.leader())));
        cell.rivals().forEach(rival -> figures.add(arm(rival) + " " + figure(cell.metric(), cell.of(rival))));
        return VerdictWriter.inSentence(figures) + " " + cell.metric().unit();
    }

    /** {@code WebFlux 339 MB under up to 400 req/s}: an arm's figure and the highest rate it was offered. */
    private static String underLoad(WinnersMatrix.Cell cell, ArmKey arm) {
        WinnersMatrix.Entry entry = cell.of(arm);
        return arm(arm) + " " + figure(cell.metric(), entry) + " " + cell.metric().unit() + " under up to "
                + num(entry.loadRps())
                + " req/s";
    }

    /** A point, a bracket, or an open bracket, without its unit. */
    private static String figure(WinnersMatrix.Metric metric, WinnersMatrix.Entry entry) {
        if (entry.high() == null) {
            return "at least " + num(entry.low());
        }
        if (metric == WinnersMatrix.Metric.CAPACITY && !(entry.low() > 0)) {
            return "below " + num(entry.high()); // some run passed no rate: below the highest that failed
        }
        return entry.high().equals(entry.low()) ? num(entry.low()) : num(entry.low()) + "-" + num(entry.high());
    }

    /** Lines of endpoint code per server; the thread models of one server share theirs. */
    static String code(EndpointCode code) {
        Map<ServerId, List<EndpointCode.Arm>> byServer = new LinkedHashMap<>();
        for (EndpointCode.Arm arm : code.arms()) {
            byServer.computeIfAbsent(arm.arm().server(), s -> new ArrayList<>()).add(arm);
        }
        List<String> parts = new ArrayList<>();
        for (List<EndpointCode.Arm> arms : byServer.values()) {
            Integer lines = arms.getFirst().lines();
            boolean same = arms.stream().allMatch(a -> Objects.equals(a.lines(), lines));
            String who = server(arms.getFirst().arm().server()) + (arms.size() > 1 && same
                    ? " (the same code on " + arms.size() + " thread models)" : "");
            parts.add(who + " " + (lines == null ? "not counted" : lines + " lines"));
        }
        return "Endpoint code for " + code.workload() + " (non-blank, non-comment lines of the lab's own sources): "
                + String.join(", ", parts) + ".";
    }

    /** What each arm's CPU at its capacity step allows, beside the capacities it agrees with. */
    static String cpuLimits(CpuLimitsAtCapacity limits) {
        return limits.workload() + ": the capacities stand as their CPU per request allows. At its capacity step "
                + arm(limits.virtual()) + "'s service and the lab used " + num(limits.virtualUsedCores()) + " of "
                + limits.cores() + " cores at " + Figures.count(Math.round(limits.virtualRps())) + " req/s, "
                + arm(limits.reactive()) + "'s " + num(limits.reactiveUsedCores()) + " at "
                + Figures.count(Math.round(limits.reactiveRps())) + ", so all " + limits.cores() + " would carry about "
                + Figures.count(Math.round(limits.virtualLimitRps())) + " and "
                + Figures.count(Math.round(limits.reactiveLimitRps())) + " req/s (" + times(limits.ratio())
                + "), within the capacities' " + times(limits.capacityRatioLow()) + " to "
                + times(limits.capacityRatioHigh()) + ".";
    }

    /** The headline: virtual threads' capacity against WebFlux's, per workload, and whether that is a lead. */
    static String headline(List<VirtualVersusReactive> comparisons) {
        List<String> parts = new ArrayList<>();
        for (VirtualVersusReactive v : comparisons) {
            String ratio = unbounded(v) ? sameOpen(v) ? "both " + v.virtualCapacity().figure() + " req/s"
                    : "no ratio" : v.ratio() != null ? times(v.ratio())
                    : v.ratioHigh() == null ? "at least " + times(v.ratioLow()) : "at most " + times(v.ratioHigh());
            String noLead = v.leader() != Leader.NEITHER ? "" : v.why() == CapacityLead.Tie.ONE_RUN
                    ? "; one run: spread not measured" : v.why() == CapacityLead.Tie.TOO_FEW
                    ? ", too few runs for a lead, 1 fluke in " + AssessWords.oneIn(v.chance()) : v.runs() >= 2 ? ", no clear lead"
                    : ", no clear lead; one run: spread not measured";
            String figures = unbounded(v) && sameOpen(v) ? "" : " (" + figures(v) + noLead + ")";
            parts.add(v.workload() + " " + ratio + (figures.isEmpty() && !noLead.isEmpty()
                    ? " (" + noLead.substring(2) + ")" : figures));
        }
        return "Capacity at p99 <= " + num(Reactive.SLO_P99_MS) + " ms, Spring MVC on virtual threads against"
                + " WebFlux: " + String.join("; ", parts) + ".";
    }

    /** Both capacities the same open range ("at least 320", "below 200"), said once. */
    private static boolean sameOpen(VirtualVersusReactive v) {
        return v.virtualCapacity().kind() == v.reactiveCapacity().kind()
                && v.virtualCapacity().figure().equals(v.reactiveCapacity().figure());
    }

    /**
     * Both capacities open on the side that bounds the ratio (both "at least", both "below"): the ratio
     * could be anything.
     */
    private static boolean unbounded(VirtualVersusReactive v) {
        return v.ratioHigh() == null && !(v.ratioLow() > 0);
    }

    private static String server(ServerId server) {
        return ServerId.WEBFLUX.equals(server) ? "WebFlux" : ServerId.SPRING.equals(server) ? "Spring MVC" : server.id();
    }

    private static String arm(ArmKey key) {
        return ServerId.WEBFLUX.equals(key.server()) ? "WebFlux" : server(key.server()) + " " + key.mode();
    }

    /** The sentence of a finding of this family. */
    static String of(ReactiveFinding finding) {
        return switch (finding) {
            case VirtualVersusReactive versus -> versus(versus);
            case CpuLimitsAtCapacity limits -> cpuLimits(limits);
            case WinnersMatrix matrix -> matrix(matrix);
            case EndpointCode code -> code(code);
        };
    }
}
