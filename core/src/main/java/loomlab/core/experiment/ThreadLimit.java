package loomlab.core.experiment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loomlab.core.Figures;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmMode;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.arm.TaskProgram;
import loomlab.core.arm.ThreadLimitArmResult;
import loomlab.core.finding.Finding;
import loomlab.core.finding.Lead;
import loomlab.core.finding.Measure;
import loomlab.core.finding.PlatformStoppedFirst;
import loomlab.core.finding.ThreadsHeld;
import loomlab.threads.Threads;

/**
 * Seed 003's "total number of threads": start threads that park forever until a cap, a time limit
 * or the first failure, platform vs virtual, and the resident memory each one adds. Caps and the
 * time limit keep the run bounded (platform thread starts slow down with every parked thread on
 * Linux); the caps can be chosen per run.
 */
public final class ThreadLimit implements Experiment {
    /** The arms' modes: threads started by the program, platform or virtual, that park forever. */
    static final ArmMode PLATFORM = ArmMode.named(Threads.PLATFORM);
    static final ArmMode VIRTUAL = ArmMode.named(Threads.VIRTUAL);
    private static final int TIME_LIMIT_S = 30;
    /** The caps; the quick profile stops far earlier. */
    public static final int FULL_PLATFORM_CAP = 20_000;
    public static final int FULL_VIRTUAL_CAP = 1_000_000;
    public static final int QUICK_PLATFORM_CAP = 2_000;
    public static final int QUICK_VIRTUAL_CAP = 100_000;
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
                        + Figures.count(max) + ", got " + cap);
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
    public String question() {
        return "How many parked threads does one JVM hold, and at what memory each?";
    }

    @Override
    public String summary() {
        return "seed 003: how many parked threads one JVM holds, platform vs virtual, and the RSS each adds";
    }

    @Override
    public List<ArmPlan> plan(Profile profile) {
        int platformCap = caps.platform() != null ? caps.platform() : profile.pick(QUICK_PLATFORM_CAP, FULL_PLATFORM_CAP);
        int virtualCap = caps.virtual() != null ? caps.virtual() : profile.pick(QUICK_VIRTUAL_CAP, FULL_VIRTUAL_CAP);
        return List.of(arm(Threads.PLATFORM, platformCap), arm(Threads.VIRTUAL, virtualCap));
    }

    private static TaskArmPlan arm(Threads threads, int cap) {
        return new TaskArmPlan(ArmKey.program(threads), TaskProgram.THREAD_LIMIT, List.of(),
                List.of("--threads", threads.id(), "--cap", String.valueOf(cap), "--time-limit-s",
                        String.valueOf(TIME_LIMIT_S)), Duration.ofSeconds(TIME_LIMIT_S + 60), null);
    }

    @Override
    public List<Finding> findings(List<ArmResult> arms) {
        Optional<ThreadLimitArmResult> platform = Arms.find(arms, ThreadLimitArmResult.class,
                k -> k.mode().equals(PLATFORM));
        Optional<ThreadLimitArmResult> virtual = Arms.find(arms, ThreadLimitArmResult.class,
                k -> k.mode().equals(VIRTUAL));
        if (platform.isEmpty() || virtual.isEmpty()) {
            return Arms.noVerdict(arms, "the platform and the virtual arm");
        }
        ThreadLimitArmResult p = platform.get();
        ThreadLimitArmResult v = virtual.get();
        List<Finding> findings = new ArrayList<>();
        for (ThreadLimitArmResult arm : List.of(p, v)) {
            findings.add(new ThreadsHeld(arm.key(), arm.threadsStarted(), arm.cap(), arm.stoppedBy(), arm.error(),
                    arm.elapsedS(), arm.rssPerThreadKb(), arm.parked()));
        }
        if (p.rssPerThreadKb() != null && v.rssPerThreadKb() != null && v.rssPerThreadKb() > 0) {
            findings.add(new Lead(Measure.RSS_PER_THREAD, v.key(), v.rssPerThreadKb(), p.key(), p.rssPerThreadKb()));
        }
        if (!ThreadLimitArmResult.STOPPED_BY_CAP.equals(p.stoppedBy()) && p.threadsStarted() < v.threadsStarted()) {
            findings.add(new PlatformStoppedFirst(p.key(), p.threadsStarted(), p.stoppedBy(), p.error(), v.key(),
                    v.threadsStarted()));
        }
        Arms.notMeasured(arms, null).ifPresent(findings::add);
        return findings;
    }
}
