package loomlab.core.experiment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmMode;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.PathFigures;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.core.assess.AssessArmPlan;
import loomlab.core.assess.AssessProfile;
import loomlab.core.assess.Assessment;
import loomlab.core.assess.Capacity;
import loomlab.core.assess.CapacityStep;
import loomlab.core.assess.RateCosts;
import loomlab.core.assess.ServiceCosts;
import loomlab.core.breakage.Outcome;
import loomlab.core.finding.BreakageFindings;
import loomlab.core.finding.CpuLimitsAtCapacity;
import loomlab.core.finding.EndpointCode;
import loomlab.core.finding.Finding;
import loomlab.core.finding.KeyFact;
import loomlab.core.finding.KeyFacts;
import loomlab.core.finding.PathTail;
import loomlab.core.finding.VirtualVersusReactive;
import loomlab.core.finding.WarmingThroughSearch;
import loomlab.core.finding.WinnersMatrix;
import loomlab.core.finding.WinnersMatrix.Entry;
import loomlab.core.finding.WinnersMatrix.Exclusion;
import loomlab.core.finding.WinnersMatrix.Metric;
import loomlab.core.reactive.ReactiveArmPlan;
import loomlab.core.reactive.ReactiveWorkload;
import loomlab.threads.ExecutorMode;

/**
 * Virtual threads against reactive code (issue 19): the lab's Spring MVC server on Tomcat's platform
 * pool (a small one and the default 200) and on virtual threads, beside the same endpoints written
 * for Spring WebFlux on Netty's event loop. Each arm is measured as {@code assess} measures a service:
 * its capacity at one p99 target in the open model, then its costs at the rate every arm of the
 * workload carried. The findings are a winners matrix per workload (a winner only where the figures
 * do not overlap, none for an arm with errors), virtual threads' capacity against WebFlux's, and the
 * lines of endpoint code each needed.
 */
public final class Reactive implements Experiment {
    public static final String NAME = "reactive";
    /** The key's parameter naming the workload. */
    public static final String WORKLOAD = "workload";
    /** Tail latency a user of a 50 ms downstream call would still accept: twice the call. */
    public static final double SLO_P99_MS = 100;
    /**
     * The rate every arm is offered for its costs (CPU per request, the tail), set before any arm runs
     * so that arms run in any order share it: half the small pool's Little's-law bound (20 threads /
     * 50 ms = 400 req/s), so every arm should carry it, and high enough that the JVM's own background
     * work (the JIT, the recording) is a small share of each request's CPU. An arm that cannot carry it
     * fails the step there, and is out of those cells.
     */
    public static final double COMMON_RATE_RPS = 200;
    /** The small platform pool: its bound (pool / 50 ms = 400 req/s) sits below the machine's. */
    static final int SMALL_POOL = 20;
    /**
     * Each fresh server is driven this long by {@link #WARMUP_USERS} users before anything is measured
     * (quick, full): on this 2-core machine a Spring server's JIT works through its first 10,000 or so
     * requests, and a search step failed while it was cold would bound the capacity for good.
     */
    static final List<Duration> WARMUP = List.of(Duration.ofSeconds(2), Duration.ofSeconds(15));
    static final int WARMUP_USERS = 64;
    /** Tomcat's default pool. */
    static final int DEFAULT_POOL = 200;

    /**
     * Short steps for a first look, after the arm's warm-up ({@link #WARMUP}); the search starts at the
     * common rate. A step lasts 1.5 s, 15 times the target: a rate 7 % past the capacity queues a
     * target's worth by the step's end and fails it, finer than the bracket that five steps reach (a
     * factor of about 1.2 to 1.5, which the matrix's brackets carry). The full profile's 3 s steps
     * reach 5 %. The final rate is measured again ({@code confirmations} 1): the fifth step goes to that
     * rather than to a last bisection when the search has not ended by then, so a quick capacity never
     * rests on one step, or says that it does ({@link Capacity#confirmed}). The curve's 16-user step is
     * also what keeps the common rate's figures warm: a curve of one lone user leaves the server's JIT
     * colder when the common rate is read, and its CPU per request reads higher (docs/measurements.md).
     */
    static final AssessProfile QUICK = new AssessProfile("quick", List.of(1, 16), Duration.ofMillis(300),
            Duration.ofSeconds(1), Duration.ofMillis(300), Duration.ofSeconds(1), 10, 20_000, 1, 5,
            Duration.ofMillis(1500));
    /** Steps of 3 s after 2 s of warm-up, the final rate measured twice. */
    static final AssessProfile FULL = new AssessProfile("full", List.of(1, 16, 64), Duration.ofSeconds(2),
            Duration.ofSeconds(3), Duration.ofSeconds(2), Duration.ofSeconds(3), 10, 50_000, 1, 12);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "No seed measured it (seed 003 claims it): Spring MVC on platform and virtual threads beside Spring WebFlux,"
                + " capacity at p99 <= " + (int) SLO_P99_MS + " ms, costs at a common rate, and a winners matrix";
    }

    @Override
    public String question() {
        return "Virtual threads or reactive?";
    }

    /**
     * Per workload, the small pool first. The quick profile measures seed 000's downstream call alone,
     * on Tomcat's default pool, virtual threads and WebFlux: each fresh server is warmed, curved and
     * searched, so every arm costs a fifth of a quick run's minute or more; the small pool (a pool that
     * is the limit) and the mix with a CPU path are the full profile's.
     */
    @Override
    public List<ArmPlan> plan(Profile profile) {
        AssessProfile steps = profile.pick(QUICK, FULL);
        Duration warmup = profile.pick(WARMUP.get(0), WARMUP.get(1));
        List<ArmPlan> plans = new ArrayList<>();
        for (ReactiveWorkload workload : profile.pick(List.of(ReactiveWorkload.DOWNSTREAM_CALL),
                ReactiveWorkload.all())) {
            if (profile.pick(false, true)) {
                plans.add(arm(ServerId.SPRING, ArmMode.of(ExecutorMode.platform(SMALL_POOL)), SMALL_POOL,
                        workload, steps, warmup));
            }
            plans.add(arm(ServerId.SPRING, ArmMode.of(ExecutorMode.platform(DEFAULT_POOL)),
                    DEFAULT_POOL, workload, steps, warmup));
            plans.add(arm(ServerId.SPRING, ArmMode.of(ExecutorMode.virtual()), null, workload, steps,
                    warmup));
            plans.add(arm(ServerId.WEBFLUX, ServingModel.EVENT_LOOP, null, workload, steps,
                    warmup));
        }
        return plans;
    }

    private static ReactiveArmPlan arm(ServerId server, ArmMode mode, Integer pool,
                                       ReactiveWorkload workload, AssessProfile steps, Duration warmup) {
        ArmKey key = ArmKey.of(server, mode).withParam(WORKLOAD, ParamValue.named(workload.label()));
        return new ReactiveArmPlan(new AssessArmPlan(key, pool, null, null), workload, steps, SLO_P99_MS,
                COMMON_RATE_RPS, warmup, WARMUP_USERS);
    }

    @Override
    public List<Finding> findings(List<ArmResult> arms) {
        List<AssessArmResult> assessed = arms.stream().filter(AssessArmResult.class::isInstance)
                .map(AssessArmResult.class::cast).toList();
        List<Finding> findings = new ArrayList<>(BreakageFindings.of(assessed));
        Map<String, List<AssessArmResult>> byWorkload = new LinkedHashMap<>();
        for (AssessArmResult arm : assessed) {
            byWorkload.computeIfAbsent(arm.key().param(WORKLOAD).map(w -> w.shown(WORKLOAD)).orElse(""),
                    w -> new ArrayList<>()).add(arm);
        }
        for (Map.Entry<String, List<AssessArmResult>> workload : byWorkload.entrySet()) {
            List<AssessArmResult> group = workload.getValue();
            for (AssessArmResult arm : group) {
                arm.warming().ifPresent(w -> findings.add(new WarmingThroughSearch(arm.key(), w, arm.capacity().low())));
            }
            Double common = commonRate(group);
            Optional<VirtualVersusReactive> versus = virtualVersusReactive(workload.getKey(), group, common);
            versus.ifPresent(findings::add);
            versus.flatMap(v -> cpuLimits(v, armOf(group, v.virtual()), armOf(group, v.reactive())))
                    .ifPresent(findings::add);
            findings.add(matrix(workload.getKey(), group, common));
            findings.add(new EndpointCode(workload.getKey(), group.stream()
                    .map(a -> new EndpointCode.Arm(a.key(), a.setup().endpointLines())).toList()));
        }
        Assessment.notMeasured(arms).ifPresent(findings::add);
        return findings;
    }

    /** Its comparisons of virtual threads against WebFlux, one per workload, side by side. */
    @Override
    public KeyFacts keyFacts(List<Finding> findings) {
        List<VirtualVersusReactive> comparisons = KeyFacts.all(findings, VirtualVersusReactive.class);
        return KeyFacts.of(comparisons.isEmpty() ? KeyFacts.comparison(findings)
                : Optional.of(new KeyFact.Reactive(comparisons)));
    }

    /**
     * Each arm's CPU limit at its capacity step beside the capacities: raised when both capacities are
     * bracketed, both arms spent most of the cores there, and the limits' ratio lies within the capacities'.
     */
    static Optional<CpuLimitsAtCapacity> cpuLimits(VirtualVersusReactive versus, AssessArmResult virtual,
                                                   AssessArmResult reactive) {
        Optional<Double> v = usedCores(virtual);
        Optional<Double> r = usedCores(reactive);
        if (v.isEmpty() || r.isEmpty() || versus.ratioHigh() == null) {
            return Optional.empty();
        }
        int cores = virtual.setup().cores();
        CpuLimitsAtCapacity limits = new CpuLimitsAtCapacity(versus.workload(), virtual.key(),
                virtual.capacity().rps(), v.get(), reactive.key(), reactive.capacity().rps(), r.get(), cores,
                versus.ratioLow(), versus.ratioHigh());
        double near = CpuLimitsAtCapacity.NEAR_CPU_SHARE * cores;
        boolean agrees = limits.ratio() >= versus.ratioLow() && limits.ratio() <= versus.ratioHigh();
        return v.get() >= near && r.get() >= near && agrees ? Optional.of(limits) : Optional.empty();
    }

    /** Service and lab cores in the arm's capacity step, for a bracketed capacity with both read. */
    private static Optional<Double> usedCores(AssessArmResult arm) {
        ServiceCosts costs = arm.costs();
        if (arm.capacity().kind() != Capacity.Kind.BRACKETED || costs.serviceCores() == null
                || costs.labCores() == null || !(costs.serviceCores() + costs.labCores() > 0)) {
            return Optional.empty();
        }
        return Optional.of(costs.serviceCores() + costs.labCores());
    }

    /**
     * The capacity an arm enters a comparison with: over its runs, and open above when the failure at
     * its bracket's upper end came while it was still warming ({@link AssessArmResult#warming()}).
     */
    static Capacity compared(AssessArmResult arm) {
        return arm.comparedAs(arm.capacityOverRuns());
    }

    private static AssessArmResult armOf(List<AssessArmResult> group, ArmKey key) {
        return group.stream().filter(a -> a.key().equals(key)).findFirst().orElseThrow();
    }

    /** The lowest rate any arm of the workload was measured at for its costs: one that every arm carried. */
    static Double commonRate(List<AssessArmResult> group) {
        return group.stream().map(a -> a.costs().atCommonRate()).filter(r -> r != null).map(RateCosts::rateRps)
                .min(Comparator.naturalOrder()).orElse(null);
    }

    static Optional<VirtualVersusReactive> virtualVersusReactive(String workload, List<AssessArmResult> group,
                                                                 Double common) {
        Optional<AssessArmResult> virtual = group.stream().filter(a -> a.key().mode().onVirtualThreads())
                .filter(Reactive::completed).findFirst();
        Optional<AssessArmResult> reactive = group.stream().filter(a -> a.key().mode().onEventLoop())
                .filter(Reactive::completed).findFirst();
        if (virtual.isEmpty() || reactive.isEmpty()) {
            return Optional.empty();
        }
        AssessArmResult v = virtual.get();
        AssessArmResult r = reactive.get();
        // An arm that ran several times is read as the span of its runs: a lead must hold in every run. One
        // run measures no spread, and names no lead.
        return Optional.ofNullable(VirtualVersusReactive.of(workload, v.key(), compared(v), r.key(), compared(r),
                costsAt(v, common).map(RateCosts::cpuPerRequestMs).orElse(null),
                costsAt(r, common).map(RateCosts::cpuPerRequestMs).orElse(null), common,
                Math.min(v.runs().size(), r.runs().size()), v.capacityOverRunsSpread(), r.capacityOverRunsSpread()));
    }

    /**
     * Capacity, CPU per request and the worst path's p99 at the common rate, and peak RSS. An arm that
     * ran several times enters each cell with the span of its runs (the capacity from the lowest pass
     * to the highest failure, a cost from its least to its most), and errors in any run disqualify it;
     * a cell names a winner only over two runs or more, where the spans are apart.
     */
    static WinnersMatrix matrix(String workload, List<AssessArmResult> group, Double common) {
        List<Entry> capacity = new ArrayList<>();
        List<Entry> cpu = new ArrayList<>();
        List<Entry> rss = new ArrayList<>();
        List<Entry> tail = new ArrayList<>();
        for (AssessArmResult arm : group) {
            List<AssessArmResult> runs = arm.runs();
            Capacity c = compared(arm);
            Exclusion capacityErrors = runs.stream().map(run -> !completed(run) ? Exclusion.UNFINISHED
                    : errorsUpTo(run, run.capacity().rps() == null ? 0 : run.capacity().rps()) ? Exclusion.ERRORS
                    : Exclusion.NONE).reduce(Exclusion.NONE, Exclusion::and);
            capacity.add(c.kind() == Capacity.Kind.NOT_MEASURED ? new Entry(arm.key(), null, null, capacityErrors)
                    : new Entry(arm.key(), c.low(), c.high(), capacityErrors));
            // Peak memory is read over each arm's search, which goes as far as the arm carries.
            rss.add(overRuns(arm.key(), runs, run -> run.costs().peakRssMb(), capacityErrors)
                    .underLoad(runs.stream().mapToDouble(Assessment::topRate).max().orElse(0)));
            // Errors at the common rate (or an arm that could not carry it) disqualify its costs there.
            Exclusion commonErrors = runs.stream().map(run -> !completed(run) ? Exclusion.UNFINISHED
                    : stepAt(run, common).map(s -> s.errors() > 0).orElse(false) ? Exclusion.ERRORS
                    : costsAt(run, common).map(r -> !r.passed()).orElse(false) ? Exclusion.MISSED_TARGET
                    : Exclusion.NONE).reduce(Exclusion.NONE, Exclusion::and);
            cpu.add(overRuns(arm.key(), runs, run -> costsAt(run, common).map(RateCosts::cpuPerRequestMs)
                    .orElse(null), commonErrors));
            tail.add(overRuns(arm.key(), runs, run -> stepAt(run, common).map(Reactive::worstP99).orElse(null),
                    commonErrors));
        }
        // One run measures no spread: its cells name no winner, whatever their figures.
        int runs = group.stream().mapToInt(a -> a.runs().size()).min().orElse(1);
        return new WinnersMatrix(workload, common, List.of(WinnersMatrix.Cell.judge(Metric.CAPACITY, capacity, runs),
                WinnersMatrix.Cell.judge(Metric.CPU_PER_REQUEST, cpu, runs),
                WinnersMatrix.Cell.judge(Metric.PEAK_RSS, rss, runs),
                WinnersMatrix.Cell.judge(Metric.TAIL_P99, tail, runs)), runs);
    }

    /** One arm's figure in a cell: a point when it ran once, from the least to the most of its runs' otherwise. */
    static Entry overRuns(ArmKey key, List<AssessArmResult> runs, Function<AssessArmResult, Double> figure,
                          Exclusion disqualified) {
        List<Double> values = runs.stream().map(figure).filter(Objects::nonNull).toList();
        if (values.isEmpty()) {
            return Entry.point(key, null, disqualified);
        }
        return new Entry(key, Collections.min(values), Collections.max(values), disqualified);
    }

    private static boolean completed(AssessArmResult arm) {
        return arm.complete() && arm.watch().outcome() == Outcome.COMPLETED;
    }

    /** Errors in any step at a rate the arm is credited with carrying. */
    private static boolean errorsUpTo(AssessArmResult arm, double rate) {
        return arm.capacity().steps().stream().anyMatch(s -> s.step().rateRps() <= rate && s.step().errors() > 0);
    }

    /** The arm's costs at the common rate, when it measured a step there (within 5 %). */
    private static Optional<RateCosts> costsAt(AssessArmResult arm, Double common) {
        RateCosts at = arm.costs().atCommonRate();
        return common == null || at == null || Math.abs(at.rateRps() / common - 1) > 0.05 ? Optional.empty()
                : Optional.of(at);
    }

    /** The arm's last step at the rate its costs were read at, for its paths; empty when it had none. */
    public static Optional<CapacityStep> stepAtCommonRate(AssessArmResult arm) {
        RateCosts at = arm.costs().atCommonRate();
        return at == null ? Optional.empty() : stepAt(arm, at.rateRps());
    }

    /** The first step the generator offered at the common rate (within 5 %), the one its costs come from. */
    private static Optional<CapacityStep> stepAt(AssessArmResult arm, Double common) {
        if (common == null) {
            return Optional.empty();
        }
        return arm.capacity().steps().stream().filter(tried -> Math.abs(tried.step().rateRps() / common - 1) <= 0.05
                && tried.outcome() != Capacity.Outcome.NOT_OFFERED).map(Capacity.TriedStep::step).findFirst();
    }

    /** The highest p99 among the step's paths that hold enough requests for one; null when none does. */
    static Double worstP99(CapacityStep step) {
        return step.paths().stream().filter(p -> p.count() >= PathTail.Percentile.P99.needs()).map(PathFigures::p99Ms)
                .filter(p -> p != null).max(Comparator.naturalOrder()).orElse(null);
    }
}
