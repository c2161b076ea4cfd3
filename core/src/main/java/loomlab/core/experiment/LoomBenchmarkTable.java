package loomlab.core.experiment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import loomlab.core.Figures;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmMode;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.JmhArmResult;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.Published;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.arm.TaskProgram;
import loomlab.core.finding.AgainstPublished;
import loomlab.core.finding.Finding;
import loomlab.core.finding.Floor;
import loomlab.core.finding.Lead;
import loomlab.core.finding.Measure;
import loomlab.core.finding.PublishedLead;

/**
 * Seed 003's JMH table (deepu105/java-loom-benchmarks): one operation runs 10,000 tasks sleeping
 * 1 s on a fresh executor, two benchmark threads, throughput and average time. The quick profile
 * runs 1,000 tasks of 100 ms with one short iteration, which is not the seed's benchmark, so the
 * seed's scores sit beside the full profile's arms only.
 */
public final class LoomBenchmarkTable implements Experiment {
    private static final String SLIDES = "seed 003 slides, JDK 19, 10,000 tasks of 1 s";

    private record Benchmark(String method, String mode, Published opsPerS) {
    }

    static final int SEED_TASKS = 10_000;
    static final long SEED_SLEEP_MS = 1_000;

    private static Published asRun(Published seed, String changed) {
        return changed == null ? seed : seed.changedSetting(changed);
    }

    private static final List<Benchmark> BENCHMARKS = List.of(
            new Benchmark("platformThreadPerTask", "per-task", new Published(0.362, "ops/s", SLIDES
                    + "; average time 5.600 s/op")),
            new Benchmark("platformThreadPool", "cached", new Published(0.528, "ops/s", SLIDES
                    + "; average time 3.887 s/op")),
            new Benchmark("virtualThreadPerTask", "virtual", new Published(1.843, "ops/s", SLIDES
                    + "; average time 1.098 s/op")));

    @Override
    public String name() {
        return "jmh";
    }

    @Override
    public String question() {
        return "Does the seed's JMH table hold on this machine?";
    }

    @Override
    public String summary() {
        return "seed 003: the JMH table, platformThreadPerTask vs platformThreadPool vs virtualThreadPerTask";
    }

    @Override
    public List<ArmPlan> plan(Profile profile) {
        List<String> settings = profile.pick(
                List.of("-p", "tasks=1000", "-p", "sleepMs=100", "-wi", "1", "-w", "500ms", "-i", "1", "-r", "1s", "-f", "1"),
                List.of("-p", "tasks=" + SEED_TASKS, "-p", "sleepMs=" + SEED_SLEEP_MS, "-f",
                        String.valueOf(JmhArmResult.LEAD_FORKS)));
        Duration timeout = profile.pick(Duration.ofMinutes(2), Duration.ofMinutes(30));
        List<ArmPlan> arms = new ArrayList<>();
        for (Benchmark benchmark : BENCHMARKS) {
            List<String> args = new ArrayList<>(List.of("LoomBenchmark\\." + benchmark.method() + "$", "-bm", "thrpt,avgt",
                    "-tu", "s"));
            args.addAll(settings);
            arms.add(new TaskArmPlan(ArmKey.program(ArmMode.ofExecutor(benchmark.mode())).withParam("benchmark", ParamValue.named(benchmark.method())), TaskProgram.JMH, List.of(),
                    args, timeout, profile.pick(null, benchmark.opsPerS())));
        }
        return arms;
    }

    @Override
    public List<Finding> findings(List<ArmResult> arms) {
        List<JmhArmResult> results = Arms.all(arms, JmhArmResult.class);
        Optional<JmhArmResult> virtual = results.stream().filter(a -> a.mode().equals(ArmMode.ofExecutor("virtual"))).findFirst();
        if (virtual.isEmpty() || results.size() < 2) {
            return Arms.noVerdict(arms, "the virtual arm and another");
        }
        JmhArmResult v = virtual.get();
        JmhArmResult bestPlatform = results.stream().filter(a -> a != v)
                .max(Comparator.comparingDouble(JmhArmResult::throughputOpsPerS)).orElseThrow();
        List<Finding> findings = new ArrayList<>();
        // JMH's own score error decides where it was computed over forks enough: scores whose intervals overlap
        // did not differ, and one JVM's iterations say nothing of the next JVM's.
        boolean acrossForks = v.errorAcrossForks() && bestPlatform.errorAcrossForks();
        findings.add(new Lead(Measure.OPS, v.key(), v.throughputOpsPerS(), bestPlatform.key(),
                bestPlatform.throughputOpsPerS(), acrossForks ? Lead.Range.around(v.throughputOpsPerS(),
                v.throughputError()) : null, acrossForks ? Lead.Range.around(bestPlatform.throughputOpsPerS(),
                bestPlatform.throughputError()) : null));
        // The seed's ratio depends on its setting (thread starts against sleeps): another is quoted, not compared.
        String changed = v.tasks() == SEED_TASKS && v.sleepMs() == SEED_SLEEP_MS ? null
                : "; this profile: " + Figures.count(v.tasks()) + " tasks of " + Figures.millis(v.sleepMs());
        seedBenchmark(ArmMode.ofExecutor("virtual")).ifPresent(seedVirtual -> seedBenchmark(ArmMode.ofExecutor("cached")).ifPresent(seedPool -> findings.add(
                new PublishedLead(Measure.OPS, v.key(), asRun(seedVirtual.opsPerS(), changed), bestPlatform.key(),
                        asRun(seedBenchmark(bestPlatform.mode()).orElse(seedPool).opsPerS(), changed)))));
        for (JmhArmResult arm : results) {
            if (arm.published() != null) {
                findings.add(new AgainstPublished(arm.key(), Measure.OPS, arm.throughputOpsPerS(), arm.published()));
            }
        }
        findings.add(new Floor(v.key(), v.sleepMs() / 1000.0, 1));
        Arms.notMeasured(arms, null).ifPresent(findings::add);
        return findings;
    }

    private static Optional<Benchmark> seedBenchmark(ArmMode mode) {
        return BENCHMARKS.stream().filter(b -> ArmMode.ofExecutor(b.mode()).equals(mode)).findFirst();
    }
}
