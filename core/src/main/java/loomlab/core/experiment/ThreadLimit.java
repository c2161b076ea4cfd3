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
 * or the first failure, platform vs virtual, and the resident memory each one adds. Caps and the
 * time limit keep the run bounded (platform thread starts slow down with every parked thread on
 * Linux); the caps can be chosen per run.
 */
public final class ThreadLimit implements Experiment {
    static final String PLATFORM = "platform threads";
    static final String VIRTUAL = "virtual threads";
    private static final int TIME_LIMIT_S = 30;
    /** The caps; the quick profile stops far earlier. */
    public static final int FULL_PLATFORM_CAP = 20_000;
    public static final int FULL_VIRTUAL_CAP = 1_000_000;
    private static final int QUICK_PLATFORM_CAP = 2_000;
    private static final int QUICK_VIRTUAL_CAP = 100_000;
    /**
     * The highest caps one may ask for. The time limit bounds a run anyway; these keep a typo from
     * asking for millions of kernel threads or gigabytes of parked stacks.
     */
    public static final int MAX_PLATFORM_CAP = 100_000;
    public static final int MAX_VIRTUAL_CAP = 10_000_000;

    /** Caps chosen by the user; a null one follows the profile. */
    public record Caps(Integer platform, Integer virtual) {
        public static final Caps FROM_PROFILE = new Caps(null, null);

        public Caps {
            requireInRange("platform", platform, MAX_PLATFORM_CAP);
            requireInRange("virtual", virtual, MAX_VIRTUAL_CAP);
        }

        private static void requireInRange(String kind, Integer cap, int max) {
            if (cap != null && (cap < 1 || cap > max)) {
                throw new IllegalArgumentException("the " + kind + " thread cap must be from 1 to "
                        + TaskArms.count(max) + ", got " + cap);
            }
        }
    }

    private final Caps caps;

    public ThreadLimit() {
        this(Caps.FROM_PROFILE);
    }

    public ThreadLimit(Caps caps) {
        this.caps = caps;
    }

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
        int platformCap = caps.platform() != null ? caps.platform() : profile.pick(QUICK_PLATFORM_CAP, FULL_PLATFORM_CAP);
        int virtualCap = caps.virtual() != null ? caps.virtual() : profile.pick(QUICK_VIRTUAL_CAP, FULL_VIRTUAL_CAP);
        return List.of(arm(PLATFORM, "platform", platformCap), arm(VIRTUAL, "virtual", virtualCap));
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
