package loomlab.core.experiment;

import static loomlab.core.experiment.Figures.num;
import static loomlab.core.experiment.Figures.times;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.JmhArmResult;
import loomlab.core.arm.Published;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.arm.TaskProgram;

/**
 * Seed 003's JMH table (deepu105/java-loom-benchmarks): one operation runs 10,000 tasks sleeping
 * 1 s on a fresh executor, two benchmark threads, throughput and average time. The quick profile
 * runs 1,000 tasks of 100 ms with one short iteration.
 */
public final class LoomBenchmarkTable implements Experiment {
    private record Benchmark(String method, String mode, double publishedOpsPerS, double publishedSPerOp) {
    }

    private static final List<Benchmark> BENCHMARKS = List.of(
            new Benchmark("platformThreadPerTask", "per-task", 0.362, 5.600),
            new Benchmark("platformThreadPool", "cached", 0.528, 3.887),
            new Benchmark("virtualThreadPerTask", "virtual", 1.843, 1.098));

    @Override
    public String name() {
        return "jmh";
    }

    @Override
    public String summary() {
        return "seed 003: the JMH table, platformThreadPerTask vs platformThreadPool vs virtualThreadPerTask";
    }

    @Override
    public List<ArmPlan> plan(Profile profile) {
        List<String> settings = profile.pick(
                List.of("-p", "tasks=1000", "-p", "sleepMs=100", "-wi", "1", "-w", "1s", "-i", "2", "-r", "1s", "-f", "1"),
                List.of("-p", "tasks=10000", "-p", "sleepMs=1000"));
        Duration timeout = profile.pick(Duration.ofMinutes(2), Duration.ofMinutes(30));
        String scale = profile.pick(" (this profile: 1,000 tasks of 100 ms)", "");
        List<ArmPlan> arms = new ArrayList<>();
        for (Benchmark benchmark : BENCHMARKS) {
            List<String> args = new ArrayList<>(List.of("LoomBenchmark\\." + benchmark.method() + "$", "-bm", "thrpt,avgt",
                    "-tu", "s"));
            args.addAll(settings);
            arms.add(new TaskArmPlan(benchmark.method(), benchmark.mode(), TaskProgram.JMH, List.of(), args, timeout,
                    new Published(benchmark.publishedOpsPerS(), "ops/s", "seed 003 slides, JDK 19, 10,000 tasks of 1 s;"
                            + " average time " + num(benchmark.publishedSPerOp()) + " s/op" + scale)));
        }
        return arms;
    }

    @Override
    public String verdict(List<ArmResult> arms) {
        List<JmhArmResult> results = TaskArms.all(arms, JmhArmResult.class);
        Optional<JmhArmResult> virtual = results.stream().filter(a -> a.mode().equals("virtual")).findFirst();
        if (virtual.isEmpty() || results.size() < 2) {
            return TaskArms.noVerdict("the virtual arm and another", arms);
        }
        JmhArmResult v = virtual.get();
        JmhArmResult bestPlatform = results.stream().filter(a -> a != v)
                .max(Comparator.comparingDouble(JmhArmResult::throughputOpsPerS)).orElseThrow();
        String verdict = Figures.leader("virtualThreadPerTask", v.throughputOpsPerS(), bestPlatform.name(),
                bestPlatform.throughputOpsPerS(), true) + ": " + num(v.throughputOpsPerS()) + " ops/s ("
                + num(v.averageSecondsPerOp()) + " s/op) against " + num(bestPlatform.throughputOpsPerS()) + " ops/s ("
                + num(bestPlatform.averageSecondsPerOp()) + " s/op) for " + bestPlatform.name() + ", "
                + times(v.throughputOpsPerS() / bestPlatform.throughputOpsPerS()) + "; the seed published 1.843 against"
                + " 0.528 ops/s (3.5x). An operation cannot beat one sleep, " + num(v.sleepMs() / 1000.0)
                + " s per operation per benchmark thread.";
        String missing = Figures.missing(arms);
        return verdict + (missing.isEmpty() ? "" : " " + missing);
    }
}
