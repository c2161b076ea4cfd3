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
import loomlab.core.arm.FairnessArmResult;
import loomlab.core.arm.Published;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.arm.TaskProgram;

/**
 * Seed 001, "LoomTest": 1,000 CPU-bound tasks started before 1,000 light ones, whose delay from
 * creation to start is summed over five rounds; platform and virtual threads, then the mitigations:
 * more carriers, heavy work handed to a platform pool, cooperative yields, heavy work on platform
 * threads. Each mode runs in a JVM of its own.
 */
public final class NoisyNeighbour implements Experiment {
    static final String PLATFORM = "platform threads";
    static final String VIRTUAL = "virtual threads";
    private static final int ROUNDS = 5;
    private static final Duration TIMEOUT = Duration.ofMinutes(3);
    /** Several carriers per core, so the OS time-slices carriers that a CPU-bound task holds. */
    private static final int CARRIERS_PER_CORE = 4;

    @Override
    public String name() {
        return "fairness";
    }

    @Override
    public String summary() {
        return "seed 001: 1,000 heavy tasks started before 1,000 light ones; light tasks' wait to start, platform vs"
                + " virtual threads and four mitigations";
    }

    @Override
    public List<ArmPlan> plan(Profile profile) {
        int carriers = CARRIERS_PER_CORE * Runtime.getRuntime().availableProcessors();
        return List.of(
                arm(PLATFORM, "platform", List.of(), new Published(313, "ms", "seed 001, light-task delays summed over 5 rounds")),
                arm(VIRTUAL, "virtual", List.of(), new Published(21_686, "ms", "seed 001, light-task delays summed over 5"
                        + " rounds; the seed program on a 2-core machine with JDK 25 gave 220,377 ms")),
                arm("virtual, " + carriers + " carriers", "virtual-parallelism",
                        List.of("-Djdk.virtualThreadScheduler.parallelism=" + carriers), null),
                arm("virtual, heavy work on a platform pool", "virtual-offload", List.of(), null),
                arm("virtual, heavy work yields every 100 additions", "virtual-yield", List.of(), null),
                arm("light virtual, heavy platform", "split", List.of(), null));
    }

    private static TaskArmPlan arm(String name, String mode, List<String> jvmArgs, Published published) {
        return new TaskArmPlan(name, mode, TaskProgram.FAIRNESS, jvmArgs,
                List.of("--mode", mode, "--rounds", String.valueOf(ROUNDS)), TIMEOUT, published);
    }

    @Override
    public String verdict(List<ArmResult> arms) {
        Optional<FairnessArmResult> platform = TaskArms.named(arms, FairnessArmResult.class, PLATFORM);
        Optional<FairnessArmResult> virtual = TaskArms.named(arms, FairnessArmResult.class, VIRTUAL);
        if (platform.isEmpty() || virtual.isEmpty()) {
            return TaskArms.noVerdict("the platform or the virtual arm", arms);
        }
        FairnessArmResult p = platform.get();
        FairnessArmResult v = virtual.get();
        List<String> sentences = new ArrayList<>();
        sentences.add(Figures.leader("Platform threads", p.lightDelaySumMs(), "Virtual threads", v.lightDelaySumMs(), false)
                + " for the light tasks: they waited " + num(v.lightDelaySumMs()) + " ms in total on virtual threads against "
                + num(p.lightDelaySumMs()) + " ms on platform threads (" + times(v.lightDelaySumMs() / p.lightDelaySumMs())
                + "; the seed published 21,686 against 313 ms, 70x), a median of " + num(v.lightDelayP50Ms()) + " against "
                + num(p.lightDelayP50Ms()) + " ms each.");
        sentences.add("The heavy tasks were done after " + num(v.heavyDoneMs()) + " ms on virtual threads and "
                + num(p.heavyDoneMs()) + " ms on platform threads: the virtual scheduler does not time-slice, so "
                + v.carrierParallelism() + " carriers run CPU-bound tasks to the end while the light ones queue behind them.");
        List<FairnessArmResult> mitigations = TaskArms.all(arms, FairnessArmResult.class).stream()
                .filter(a -> a != p && a != v).sorted(Comparator.comparingDouble(FairnessArmResult::lightDelaySumMs)).toList();
        if (!mitigations.isEmpty()) {
            FairnessArmResult best = mitigations.get(0);
            sentences.add("Of the mitigations, \"" + best.name() + "\" cut the light tasks' total wait most, to "
                    + num(best.lightDelaySumMs()) + " ms (" + times(v.lightDelaySumMs() / best.lightDelaySumMs())
                    + " less than plain virtual threads" + (best.lightDelaySumMs() > p.lightDelaySumMs()
                    ? ", still " + times(best.lightDelaySumMs() / p.lightDelaySumMs()) + " platform threads' wait)."
                    : ", below platform threads' wait).")
                    + " Rounds are short, so single runs vary; compare orders of magnitude.");
        }
        String missing = Figures.missing(arms);
        return String.join(" ", sentences) + (missing.isEmpty() ? "" : " " + missing);
    }
}
