package loomlab.core.experiment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmMode;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.Carriers;
import loomlab.core.arm.FairnessArmResult;
import loomlab.core.arm.NoisyServerArmPlan;
import loomlab.core.arm.NoisyServerArmResult;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.Published;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.arm.TaskProgram;
import loomlab.core.finding.AgainstPublished;
import loomlab.core.finding.BreakageFindings;
import loomlab.core.finding.CarriersEffect;
import loomlab.core.finding.FairnessEffect;
import loomlab.core.finding.Finding;
import loomlab.core.finding.HelloBesideCpu;
import loomlab.core.finding.Lead;
import loomlab.core.finding.Leader;
import loomlab.core.finding.Measure;
import loomlab.core.finding.Mitigations;
import loomlab.threads.ExecutorMode;
import loomlab.threads.Threads;

/**
 * Seed 001, "LoomTest": CPU-bound tasks started before 1,000 light ones, whose delay from creation
 * to start is summed over the rounds; platform and virtual threads. With the seed's heavy task
 * (about 0.1 ms, shorter than starting a platform thread) and, to show what the seed's could not,
 * heavy tasks of about 10 and 100 ms of the same work, long enough for the OS's time slice to
 * matter. Then the mitigations at the seed's size: more carriers, heavy work handed to a platform
 * pool, cooperative yields, heavy work on platform threads. Each arm runs in a JVM of its own. Then
 * the same through a server: {@code /hello} on loomcat while CPU-bound {@code /cpu} requests keep it
 * busy, platform pools against virtual threads.
 */
public final class NoisyNeighbour implements Experiment {
    /** The fairness program's modes ({@code --mode}), each with the threads its light tasks run on. */
    static final ArmMode PLATFORM = ArmMode.named(Threads.PLATFORM);
    static final ArmMode VIRTUAL = ArmMode.named(Threads.VIRTUAL);
    /** Virtual threads on more carriers: the JVM gets the scheduler's parallelism. */
    static final ArmMode VIRTUAL_PARALLELISM = ArmMode.named("virtual-parallelism", Threads.VIRTUAL);
    /** Virtual threads that hand their heavy work to a platform pool and wait for it. */
    static final ArmMode VIRTUAL_OFFLOAD = ArmMode.named("virtual-offload", Threads.VIRTUAL);
    /** Virtual threads whose heavy work yields now and then. */
    static final ArmMode VIRTUAL_YIELD = ArmMode.named("virtual-yield", Threads.VIRTUAL);
    /**
     * Heavy tasks on platform threads the OS time-slices, light ones on virtual threads: the arm's
     * figures are the light tasks' waits, so it is an arm of virtual threads.
     */
    static final ArmMode SPLIT = ArmMode.named("split", Threads.VIRTUAL);
    /**
     * The key's parameter for a heavy-task size other than the seed's: the additions each heavy task
     * makes, a count ({@code 2,500,000 additions}).
     */
    public static final String HEAVY = "additions";
    /** A mitigation must bring the virtual light-task p99 within this factor of platform threads' p99. */
    static final double WITHIN = 2.0;
    private static final int SEED_ROUNDS = 5;
    private static final int SEED_HEAVY_TASKS = 1_000;
    private static final int LIGHT_TASKS = 1_000;
    private static final Duration TIMEOUT = Duration.ofMinutes(3);
    /** Several carriers per core, so the OS time-slices carriers that a CPU-bound task holds. */
    private static final int CARRIERS_PER_CORE = 4;
    /** Background /cpu users per core: more CPU-bound requests than carriers, as in the seed. */
    private static final int CPU_USERS_PER_CORE = 2;
    /**
     * Iterations of a /cpu request: enough that a request holds a core for tens of milliseconds, long
     * beside a /hello, so a queue behind it shows; each arm records what it cost (docs/measurements.md).
     */
    static final long CPU_ITERATIONS = 2_500_000;
    /** A /hello that waited at least this share of a /cpu request's median waited behind one. */
    static final double BEHIND_CPU_SHARE = 0.5;
    static final Published SEED_PLATFORM = new Published(313, "ms", "seed 001, light-task delays summed over 5 rounds");
    static final Published SEED_VIRTUAL = new Published(21_686, "ms",
            "seed 001, light-task delays summed over 5 rounds");

    /**
     * A size of heavy task: the seed's, and two long enough for time-slicing to matter, with fewer
     * of them so that a round stays short on two cores.
     *
     * @param seed true for the seed's own size, which its arms' keys do not name
     */
    record HeavySize(boolean seed, int iterations, int quickTasks, int fullTasks, int quickRounds, int fullRounds) {
        /** The key's parameter for this size, or empty for the seed's. */
        Optional<ParamValue> variant() {
            return seed ? Optional.empty() : Optional.of(ParamValue.count(iterations));
        }
    }

    static final HeavySize SEED_SIZE = new HeavySize(true, 1_000, SEED_HEAVY_TASKS, SEED_HEAVY_TASKS, SEED_ROUNDS,
            SEED_ROUNDS);
    /**
     * Two heavy sizes a factor of ten apart, both long beside a light task, so that time-slicing shows at
     * the shorter and dominates at the longer; each arm records what a heavy task cost on the machine it
     * ran on ({@code heavy_task_ms}).
     */
    static final List<HeavySize> SIZES = List.of(SEED_SIZE,
            new HeavySize(false, 2_500_000, 50, 200, 1, 3),
            new HeavySize(false, 25_000_000, 8, 40, 1, 3));

    private final int cores;

    /** For a machine of {@code cores} cores: the core reads no machine, so plans are the same in tests. */
    public NoisyNeighbour(int cores) {
        this.cores = cores;
    }

    @Override
    public String name() {
        return "fairness";
    }

    @Override
    public String question() {
        return "Do CPU-heavy tasks delay light ones more on virtual threads?";
    }

    @Override
    public String summary() {
        return "seed 001: heavy tasks started before 1,000 light ones; light tasks' wait to start, platform vs virtual"
                + " threads, at the seed's heavy size and at ~10 and ~100 ms; four mitigations; then /hello on loomcat"
                + " beside CPU-bound /cpu requests";
    }

    @Override
    public List<ArmPlan> plan(Profile profile) {
        List<ArmPlan> arms = new ArrayList<>();
        for (HeavySize size : SIZES) {
            boolean seed = size == SEED_SIZE;
            arms.add(arm(PLATFORM, size, profile, List.of(), seed ? SEED_PLATFORM : null));
            arms.add(arm(VIRTUAL, size, profile, List.of(), seed ? SEED_VIRTUAL : null));
        }
        int carriers = CARRIERS_PER_CORE * cores;
        arms.add(arm(VIRTUAL_PARALLELISM, SEED_SIZE, profile,
                List.of("-Djdk.virtualThreadScheduler.parallelism=" + carriers), null));
        arms.add(arm(VIRTUAL_OFFLOAD, SEED_SIZE, profile, List.of(), null));
        arms.add(arm(VIRTUAL_YIELD, SEED_SIZE, profile, List.of(), null));
        arms.add(arm(SPLIT, SEED_SIZE, profile, List.of(), null));
        int cpuUsers = CPU_USERS_PER_CORE * cores;
        double helloRate = profile.pick(100.0, 200.0);
        Duration warmup = profile.pick(Duration.ofSeconds(1), Duration.ofSeconds(5));
        Duration measured = profile.pick(Duration.ofSeconds(3), Duration.ofSeconds(20));
        // A pool as large as the /cpu users, one with threads to spare, virtual threads, and virtual threads
        // on more carriers than the /cpu users: the one scheduler setting that bears on fairness, measured.
        for (ExecutorMode mode : List.of(ExecutorMode.platform(cpuUsers), ExecutorMode.platform(2 * cpuUsers),
                ExecutorMode.virtual())) {
            arms.add(new NoisyServerArmPlan(ServerId.LOOMCAT, mode, cpuUsers, CPU_ITERATIONS, helloRate, warmup,
                    measured, null, null));
        }
        arms.add(new NoisyServerArmPlan(ServerId.LOOMCAT, ExecutorMode.virtual(), cpuUsers, CPU_ITERATIONS, helloRate,
                warmup, measured, null, new Carriers(carriers)));
        return arms;
    }

    private static TaskArmPlan arm(ArmMode mode, HeavySize size, Profile profile, List<String> jvmArgs,
                                   Published published) {
        List<String> args = List.of("--mode", mode.toString(), "--rounds", String.valueOf(profile.pick(size.quickRounds(),
                        size.fullRounds())), "--heavy-tasks", String.valueOf(profile.pick(size.quickTasks(),
                        size.fullTasks())), "--light-tasks", String.valueOf(LIGHT_TASKS), "--heavy-iterations",
                String.valueOf(size.iterations()));
        ArmKey key = ArmKey.program(mode);
        return new TaskArmPlan(size.variant().map(v -> key.withParam(HEAVY, v)).orElse(key), TaskProgram.FAIRNESS, jvmArgs, args, TIMEOUT,
                published);
    }

    @Override
    public List<Finding> findings(List<ArmResult> arms) {
        List<Finding> findings = new ArrayList<>();
        List<FairnessArmResult> fairness = Arms.all(arms, FairnessArmResult.class);
        for (HeavySize size : SIZES) {
            Optional<FairnessArmResult> platform = fairnessArm(fairness, PLATFORM, size);
            Optional<FairnessArmResult> virtual = fairnessArm(fairness, VIRTUAL, size);
            if (platform.isPresent() && virtual.isPresent()) {
                findings.addAll(pair(platform.get(), virtual.get()));
            }
        }
        Optional<FairnessArmResult> seedPlatform = fairnessArm(fairness, PLATFORM, SEED_SIZE);
        Optional<FairnessArmResult> seedVirtual = fairnessArm(fairness, VIRTUAL, SEED_SIZE);
        if (seedPlatform.isPresent() && seedVirtual.isPresent()) {
            mitigations(seedPlatform.get(), seedVirtual.get(), fairness).ifPresent(findings::add);
        }
        List<NoisyServerArmResult> server = Arms.all(arms, NoisyServerArmResult.class);
        helloBesideCpu(server.stream().filter(a -> a.carriers() == null).toList()).ifPresent(findings::add);
        carriersEffect(server).ifPresent(findings::add);
        findings.addAll(BreakageFindings.of(server));
        if (findings.isEmpty()) {
            return Arms.noVerdict(arms, "a platform and a virtual arm of the same heavy size, or the server arms");
        }
        findings.addAll(Arms.closing(arms));
        return findings;
    }

    private static Optional<FairnessArmResult> fairnessArm(List<FairnessArmResult> arms, ArmMode mode, HeavySize size) {
        return arms.stream().filter(a -> a.mode().equals(mode)
                && a.key().param(HEAVY).equals(size.variant()))
                .findFirst();
    }

    /** Who kept light tasks waiting less, the seed's figures beside, and which effect the pair shows. */
    private List<Finding> pair(FairnessArmResult platform, FairnessArmResult virtual) {
        List<Finding> findings = new ArrayList<>();
        Lead lead = new Lead(Measure.LIGHT_DELAY_SUM, virtual.key(), virtual.lightDelayMs().sum(), platform.key(),
                platform.lightDelayMs().sum(), Lead.Range.of(virtual.lightDelaySumSpread()),
                Lead.Range.of(platform.lightDelaySumSpread()));
        findings.add(lead);
        for (FairnessArmResult arm : List.of(platform, virtual)) {
            if (arm.published() != null) {
                findings.add(new AgainstPublished(arm.key(), Measure.LIGHT_DELAY_SUM, arm.lightDelayMs().sum(),
                        arm.published()));
            }
        }
        Double heavyMs = platform.heavyTaskMs() != null ? platform.heavyTaskMs() : virtual.heavyTaskMs();
        findings.add(new FairnessEffect(platform.key(), virtual.key(), heavyMs, platform.peakHeavyRunning(),
                platform.platformStartUs(), cores, FairnessEffect.judge(heavyMs, platform.platformStartUs(),
                platform.peakHeavyRunning(), cores, lead.ahead())));
        return findings;
    }

    /** The mitigations at the seed's size against plain platform and virtual threads. */
    static Optional<Finding> mitigations(FairnessArmResult platform, FairnessArmResult virtual,
                                         List<FairnessArmResult> all) {
        List<Mitigations.Mitigation> tried = all.stream()
                .filter(a -> a != platform && a != virtual && a.key().param(HEAVY).isEmpty())
                .sorted(Comparator.comparingDouble(a -> a.lightDelayMs().p99()))
                .map(a -> new Mitigations.Mitigation(a.key(), a.lightDelayMs().p99(), a.heavyDoneMs())).toList();
        if (tried.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Mitigations(platform.key(), platform.lightDelayMs().p99(), platform.heavyDoneMs(),
                virtual.key(), virtual.heavyDoneMs(), WITHIN, tried));
    }

    /**
     * Which server mode kept /hello fast beside CPU-bound requests: the best pool against virtual
     * threads by /hello p99, and the causes their figures support.
     */
    static Optional<Finding> helloBesideCpu(List<NoisyServerArmResult> all) {
        // An arm with no /hello answered has no p99 to compare; it is reported as not measured.
        List<NoisyServerArmResult> arms = all.stream().filter(a -> a.helloLatencyMs().p99() != null).toList();
        Optional<NoisyServerArmResult> virtual = arms.stream()
                .filter(a -> a.executorMode().isVirtual()).findFirst();
        List<NoisyServerArmResult> pools = arms.stream().filter(a -> !a.executorMode().isVirtual())
                .sorted(Comparator.comparingDouble(a -> a.helloLatencyMs().p99())).toList();
        if (virtual.isEmpty() || pools.isEmpty()) {
            return Optional.empty();
        }
        NoisyServerArmResult v = virtual.get();
        NoisyServerArmResult best = pools.getFirst();
        Lead lead = new Lead(Measure.P99, v.key(), v.helloLatencyMs().p99(), best.key(), best.helloLatencyMs().p99());
        // No arm here is repeated, so no lead is named; the causes below are said where a figure shows them.
        boolean spare = lead.ahead() == Leader.SECOND && poolSize(best) > best.cpuUsers() && !waitedBehindCpu(best);
        boolean behind = lead.ahead() == Leader.SECOND && waitedBehindCpu(v);
        List<ArmKey> queued = pools.stream().skip(1).filter(a -> poolSize(a) <= a.cpuUsers() && waitedBehindCpu(a))
                .map(ArmResult::key).toList();
        List<HelloBesideCpu.Arm> figures = arms.stream().map(a -> new HelloBesideCpu.Arm(a.key(), a.cpuUsers(),
                a.cpuIterations(), a.helloRateRps(), a.helloLatencyMs().p50(), a.helloLatencyMs().p99(),
                a.helloLatencyMs().max(), a.cpuLatencyMs().p50(), a.cpuRequests())).toList();
        List<ArmKey> farTails = figures.stream().filter(HelloBesideCpu.Arm::farTail).map(HelloBesideCpu.Arm::key)
                .toList();
        return Optional.of(new HelloBesideCpu(figures, best.key(), v.key(), lead, spare, behind, queued, farTails));
    }

    /** Virtual threads on more carriers against the scheduler's default: /hello's stalls and p99. */
    static Optional<Finding> carriersEffect(List<NoisyServerArmResult> arms) {
        Optional<NoisyServerArmResult> usual = arms.stream()
                .filter(a -> a.executorMode().isVirtual() && a.carriers() == null).findFirst();
        Optional<NoisyServerArmResult> more = arms.stream().filter(a -> a.carriers() != null).findFirst();
        if (usual.isEmpty() || more.isEmpty()) {
            return Optional.empty();
        }
        NoisyServerArmResult u = usual.get();
        NoisyServerArmResult m = more.get();
        return Optional.of(CarriersEffect.judge(u.key(), m.key(), m.carriers(), CarriersEffect.Tail.HELLO_P99,
                u.watch().stalls().size(), m.watch().stalls().size(), u.helloLatencyMs().p99(),
                m.helloLatencyMs().p99(), null, null));
    }

    /** /hello's p99 reached at least {@link #BEHIND_CPU_SHARE} of a /cpu request's median: it waited about one. */
    private static boolean waitedBehindCpu(NoisyServerArmResult arm) {
        Double cpuP50 = arm.cpuLatencyMs().p50();
        return cpuP50 != null && arm.helloLatencyMs().p99() >= BEHIND_CPU_SHARE * cpuP50;
    }

    private static int poolSize(NoisyServerArmResult arm) {
        return arm.executorMode().concurrencyLimit();
    }
}
