package loomlab.core.experiment;

import static loomlab.core.experiment.Figures.num;
import static loomlab.core.experiment.Figures.times;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.arm.TaskProgram;
import loomlab.core.arm.ThreadLimitArmResult;

/**
 * Seed 003's "total number of threads": start threads that park forever until a cap, a time limit
 * or the first failure, platform vs virtual, and the resident memory each one adds. Caps keep the
 * run bounded (platform thread starts slow down with every parked thread on Linux).
 */
public final class ThreadLimit implements Experiment {
    static final String PLATFORM = "platform threads";
    static final String VIRTUAL = "virtual threads";
    private static final int TIME_LIMIT_S = 30;

    @Override
    public String name() {
        return "thread-limit";
    }

    @Override
    public String summary() {
        return "seed 003: how many parked threads one JVM holds, platform vs virtual, and the RSS each adds";
    }

    @Override
    public List<ArmPlan> plan(Profile profile) {
        return List.of(arm(PLATFORM, "platform", profile.pick(2_000, 10_000)),
                arm(VIRTUAL, "virtual", profile.pick(100_000, 1_000_000)));
    }

    private static TaskArmPlan arm(String name, String threads, int cap) {
        return new TaskArmPlan(name, threads, TaskProgram.THREAD_LIMIT, List.of(), List.of("--threads", threads, "--cap",
                String.valueOf(cap), "--time-limit-s", String.valueOf(TIME_LIMIT_S)),
                Duration.ofSeconds(TIME_LIMIT_S + 60), null);
    }

    @Override
    public String verdict(List<ArmResult> arms) {
        Optional<ThreadLimitArmResult> platform = TaskArms.named(arms, ThreadLimitArmResult.class, PLATFORM);
        Optional<ThreadLimitArmResult> virtual = TaskArms.named(arms, ThreadLimitArmResult.class, VIRTUAL);
        if (platform.isEmpty() || virtual.isEmpty()) {
            return TaskArms.noVerdict("the platform or the virtual arm", arms);
        }
        List<String> sentences = new ArrayList<>();
        for (ThreadLimitArmResult arm : List.of(platform.get(), virtual.get())) {
            sentences.add(describe(arm));
        }
        Double platformKb = platform.get().rssPerThreadKb();
        Double virtualKb = virtual.get().rssPerThreadKb();
        if (platformKb != null && virtualKb != null && virtualKb > 0) {
            sentences.add("A parked platform thread cost " + times(platformKb / virtualKb) + " the resident memory of a"
                    + " parked virtual thread; a platform thread also reserves its whole stack (-Xss) of address space and"
                    + " a kernel task, which is where platform runs stop first.");
        }
        String missing = Figures.missing(arms);
        return String.join(" ", sentences) + (missing.isEmpty() ? "" : " " + missing);
    }

    private static String describe(ThreadLimitArmResult arm) {
        String stop = switch (arm.stoppedBy()) {
            case "cap" -> "reaching the cap of " + TaskArms.count(arm.cap());
            case "time" -> "the time limit";
            default -> "an error (" + arm.error() + ")";
        };
        return arm.name().substring(0, 1).toUpperCase() + arm.name().substring(1) + ": " + TaskArms.count(arm.threadsStarted()) + " started in " + num(arm.elapsedS()) + " s before " + stop
                + (arm.rssPerThreadKb() == null ? "." : ", " + num(arm.rssPerThreadKb()) + " KB of RSS each.");
    }
}
