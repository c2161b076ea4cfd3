package loomlab.core.experiment;

import static loomlab.core.experiment.Figures.num;
import static loomlab.core.experiment.Figures.times;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.FairnessArmResult;
import loomlab.core.arm.NoisyServerArmPlan;
import loomlab.core.arm.NoisyServerArmResult;
import loomlab.core.arm.Published;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.arm.TaskProgram;
import loomlab.threads.ExecutorMode;

/**
 * Seed 001, "LoomTest": 1,000 CPU-bound tasks started before 1,000 light ones, whose delay from
 * creation to start is summed over five rounds; platform and virtual threads, then the mitigations:
 * more carriers, heavy work handed to a platform pool, cooperative yields, heavy work on platform
 * threads. Each mode runs in a JVM of its own. Then the same through a server: {@code /hello} on
 * loomcat while CPU-bound {@code /cpu} requests keep it busy, platform pool against virtual threads.
 */
public final class NoisyNeighbour implements Experiment {
    static final String PLATFORM = "platform threads";
    static final String VIRTUAL = "virtual threads";
    /** A mitigation must bring the virtual light-task p99 within this factor of platform threads' p99. */
    static final double WITHIN = 2.0;
    private static final int ROUNDS = 5;
    private static final Duration TIMEOUT = Duration.ofMinutes(3);
    /** Several carriers per core, so the OS time-slices carriers that a CPU-bound task holds. */
    private static final int CARRIERS_PER_CORE = 4;

    /** Background /cpu users per core: more CPU-bound requests than carriers, as in the seed. */
    private static final int CPU_USERS_PER_CORE = 2;
    /** About 30 ms of one core per /cpu request on the 2-core reference machine (measured, warm JIT). */
    static final long CPU_ITERATIONS = 2_500_000;
    static final String SERVER = "loomcat";

    private final int cores;

    public NoisyNeighbour() {
        this(Runtime.getRuntime().availableProcessors());
    }

    /** With the core count given, so that plans do not depend on the machine in tests. */
    NoisyNeighbour(int cores) {
        this.cores = cores;
    }

    @Override
    public String name() {
        return "fairness";
    }

    @Override
    public String summary() {
        return "seed 001: 1,000 heavy tasks started before 1,000 light ones; light tasks' wait to start, platform vs"
                + " virtual threads and four mitigations; then /hello on loomcat beside CPU-bound /cpu requests";
    }

    @Override
    public List<ArmPlan> plan(Profile profile) {
        int carriers = CARRIERS_PER_CORE * cores;
        List<ArmPlan> arms = new ArrayList<>(List.of(
                arm(PLATFORM, "platform", List.of(), new Published(313, "ms", "seed 001, light-task delays summed over 5 rounds")),
                arm(VIRTUAL, "virtual", List.of(), new Published(21_686, "ms", "seed 001, light-task delays summed over 5"
                        + " rounds; the seed program on a 2-core machine with JDK 25 gave 220,377 ms")),
                arm("virtual, " + carriers + " carriers", "virtual-parallelism",
                        List.of("-Djdk.virtualThreadScheduler.parallelism=" + carriers), null),
                arm("virtual, heavy work on a platform pool", "virtual-offload", List.of(), null),
                arm("virtual, heavy work yields every 100 additions", "virtual-yield", List.of(), null),
                arm("light virtual, heavy platform", "split", List.of(), null)));
        int cpuUsers = CPU_USERS_PER_CORE * cores;
        double helloRate = profile.pick(100.0, 200.0);
        Duration warmup = profile.pick(Duration.ofSeconds(2), Duration.ofSeconds(5));
        Duration measured = profile.pick(Duration.ofSeconds(4), Duration.ofSeconds(20));
        // A pool as large as the /cpu users, one with threads to spare, and virtual threads.
        for (ExecutorMode mode : List.of(ExecutorMode.platform(cpuUsers), ExecutorMode.platform(2 * cpuUsers),
                ExecutorMode.virtual())) {
            arms.add(new NoisyServerArmPlan(serverArmName(mode), SERVER, mode, cpuUsers, CPU_ITERATIONS, helloRate,
                    warmup, measured, null));
        }
        return arms;
    }

    static String serverArmName(ExecutorMode mode) {
        return SERVER + " /hello, " + mode;
    }

    private static TaskArmPlan arm(String name, String mode, List<String> jvmArgs, Published published) {
        return new TaskArmPlan(name, mode, TaskProgram.FAIRNESS, jvmArgs,
                List.of("--mode", mode, "--rounds", String.valueOf(ROUNDS)), TIMEOUT, published);
    }

    @Override
    public String verdict(List<ArmResult> arms) {
        List<String> sentences = new ArrayList<>();
        Optional<FairnessArmResult> platform = TaskArms.named(arms, FairnessArmResult.class, PLATFORM);
        Optional<FairnessArmResult> virtual = TaskArms.named(arms, FairnessArmResult.class, VIRTUAL);
        if (platform.isPresent() && virtual.isPresent()) {
            sentences.add(tasks(platform.get(), virtual.get()));
            String mitigations = mitigations(platform.get(), virtual.get(), TaskArms.all(arms, FairnessArmResult.class));
            if (!mitigations.isEmpty()) {
                sentences.add(mitigations);
            }
        }
        server(TaskArms.all(arms, NoisyServerArmResult.class)).ifPresent(sentences::add);
        if (sentences.isEmpty()) {
            return TaskArms.noVerdict("the platform or the virtual arm", arms);
        }
        String missing = Figures.missing(arms);
        return String.join(" ", sentences) + (missing.isEmpty() ? "" : " " + missing);
    }

    private static String tasks(FairnessArmResult p, FairnessArmResult v) {
        return Figures.leader("Platform threads", p.lightDelayMs().sum(), "Virtual threads", v.lightDelayMs().sum(), false)
                + " for the light tasks: they waited " + num(v.lightDelayMs().sum()) + " ms in total on virtual threads"
                + " against " + num(p.lightDelayMs().sum()) + " ms on platform threads ("
                + times(v.lightDelayMs().sum() / p.lightDelayMs().sum()) + "; the seed published 21,686 against 313 ms,"
                + " 70x), a p99 of " + num(v.lightDelayMs().p99()) + " against " + num(p.lightDelayMs().p99())
                + " ms each. The heavy tasks were done after " + num(v.heavyDoneMs()) + " ms on virtual threads and "
                + num(p.heavyDoneMs()) + " ms on platform threads: the virtual scheduler does not time-slice, so "
                + v.carrierParallelism() + " carriers run CPU-bound tasks to the end while the light ones queue behind"
                + " them.";
    }

    /**
     * Which mitigations bring the virtual light-task p99 within {@link #WITHIN} of platform threads'
     * and what each costs the heavy tasks, against plain virtual and platform threads.
     */
    static String mitigations(FairnessArmResult p, FairnessArmResult v, List<FairnessArmResult> all) {
        List<FairnessArmResult> mitigations = all.stream().filter(a -> a != p && a != v)
                .sorted(Comparator.comparingDouble(a -> a.lightDelayMs().p99())).toList();
        if (mitigations.isEmpty()) {
            return "";
        }
        double limit = WITHIN * p.lightDelayMs().p99();
        List<FairnessArmResult> within = mitigations.stream().filter(a -> a.lightDelayMs().p99() <= limit).toList();
        String threshold = "within " + times(WITHIN) + " of platform threads' light-task p99 (" + num(p.lightDelayMs().p99())
                + " ms)";
        if (within.isEmpty()) {
            FairnessArmResult closest = mitigations.get(0);
            return "No mitigation brought the virtual light-task p99 " + threshold + "; the closest, " + costOf(closest, p, v)
                    + ", stayed at " + times(closest.lightDelayMs().p99() / p.lightDelayMs().p99()) + ".";
        }
        List<String> named = within.stream().map(a -> costOf(a, p, v)).toList();
        String rest = mitigations.size() > within.size() ? " The other " + (mitigations.size() - within.size())
                + " stayed above " + num(limit) + " ms." : "";
        return (within.size() == 1 ? "One mitigation brought" : within.size() + " mitigations brought")
                + " the virtual light-task p99 " + threshold + ": " + String.join("; ", named) + "." + rest;
    }

    private static String costOf(FairnessArmResult a, FairnessArmResult p, FairnessArmResult v) {
        return "\"" + a.name() + "\" (" + a.mode() + ": p99 " + num(a.lightDelayMs().p99()) + " ms; heavy tasks done after "
                + num(a.heavyDoneMs()) + " ms, " + times(a.heavyDoneMs() / v.heavyDoneMs()) + " plain virtual's and "
                + times(a.heavyDoneMs() / p.heavyDoneMs()) + " platform's)";
    }

    /**
     * Which server mode kept /hello fast beside CPU-bound requests, and why: the best platform pool
     * against virtual threads, judged on the p99 with {@link Figures#leader}'s 10 % margin.
     */
    static Optional<String> server(List<NoisyServerArmResult> arms) {
        Optional<NoisyServerArmResult> virtual = arms.stream().filter(a -> a.mode().startsWith("virtual")).findFirst();
        List<NoisyServerArmResult> pools = arms.stream().filter(a -> a.mode().startsWith("platform"))
                .sorted(Comparator.comparingDouble(a -> a.helloLatencyMs().p99())).toList();
        if (virtual.isEmpty() || pools.isEmpty()) {
            return Optional.empty();
        }
        NoisyServerArmResult v = virtual.get();
        NoisyServerArmResult best = pools.get(0);
        List<String> sentences = new ArrayList<>();
        sentences.add("Through loomcat, with " + v.cpuUsers() + " users keeping /cpu/" + v.cpuIterations() + " busy ("
                + num(v.cpuLatencyMs().p50()) + " ms each at the median on virtual threads), /hello at "
                + num(v.helloRateRps()) + " requests/s had a p50/p99 from its intended send time of "
                + arms.stream().map(a -> num(a.helloLatencyMs().p50()) + "/" + num(a.helloLatencyMs().p99()) + " ms on "
                + a.mode()).collect(Collectors.joining(", ")) + ".");
        double ratio = v.helloLatencyMs().p99() / best.helloLatencyMs().p99();
        if (ratio > 1.1) {
            sentences.add("The " + best.mode() + " pool kept /hello fastest: "
                    + (poolSize(best) > best.cpuUsers() ? "with threads to spare beyond the /cpu requests, /hello got"
                    + " one at once and " : "")
                    + "the OS time-slices the pool's threads, so /hello ran between slices of the /cpu requests, while"
                    + " a virtual thread on /cpu holds its carrier until the request ends and /hello waited for a free"
                    + " carrier.");
            pools.stream().skip(1).filter(a -> poolSize(a) <= a.cpuUsers()
                            && a.helloLatencyMs().p99() > 1.1 * best.helloLatencyMs().p99())
                    .forEach(a -> sentences.add("A pool no larger than the " + a.cpuUsers() + " /cpu users (" + a.mode()
                            + ") left /hello queueing for a free thread (p99 " + num(a.helloLatencyMs().p99()) + " ms)."));
        } else if (ratio < 1 / 1.1) {
            sentences.add("Virtual threads kept /hello faster than any pool: the pools' threads were taken by /cpu"
                    + " requests, so /hello queued for one, while a virtual thread started for it at once and got a"
                    + " carrier between /cpu requests.");
        } else {
            sentences.add("Neither kept /hello clearly faster.");
        }
        sentences.add("Meanwhile the server completed " + arms.stream().map(a -> a.cpuRequests() + " /cpu requests on "
                + a.mode()).collect(Collectors.joining(", ")) + ".");
        return Optional.of(String.join(" ", sentences));
    }

    private static int poolSize(NoisyServerArmResult arm) {
        return ExecutorMode.parse(arm.mode()).concurrencyLimit();
    }
}
