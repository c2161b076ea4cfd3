package loomlab.lab.assess;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import loomlab.core.assess.AssessArmPlan;
import loomlab.core.assess.ThreadsSeen;
import loomlab.core.breakage.ThreadDump;
import loomlab.lab.run.RunContext;
import loomlab.lab.watch.WatchedJvm;

/**
 * Dumps the service's threads a few times while it is loaded, to see which threads serve its
 * requests: whether the arm really ran on the thread model it was switched to. Runs on a thread of
 * its own beside the load: during the arm's warm-up when it has one (unmeasured, and long enough for
 * a dump to land while requests run), else during its busiest curve step, for every arm alike; when
 * those dumps saw no thread serving, once more under a short unmeasured load of its own after the
 * capacity search, where it changes nothing the arms are compared by. A dump that cannot be taken
 * leaves the question open (null), never answered.
 */
final class SwitchProbe {
    static final int DUMPS = 3;
    static final Duration APART = Duration.ofMillis(300);

    private final WatchedJvm jvm;
    private final RunContext context;
    private final AssessArmPlan plan;
    private final Set<String> userPackages;
    private Thread thread;
    private final List<ThreadDump> dumps = new ArrayList<>();

    SwitchProbe(WatchedJvm jvm, RunContext context, AssessArmPlan plan, Set<String> userPackages) {
        this.jvm = jvm;
        this.context = context;
        this.plan = plan;
        this.userPackages = userPackages;
    }

    /**
     * Starts dumping halfway through the step's warm-up, which runs at the step's users, so its requests
     * are served by the same threads as the measured window's; a dump takes a second or so to attach to
     * a busy JVM, and one started later could land after a short step's last request. Without a warm-up
     * worth the name, a little into the measured window.
     */
    void during(Duration warmup, Duration step) {
        start("curve", warmup.compareTo(Duration.ofMillis(500)) >= 0 ? warmup.dividedBy(2)
                : warmup.plus(step.dividedBy(4)));
    }

    /**
     * During the arm's warm-up: the first dump at once, since attaching to a JVM that the warm-up's
     * users keep busy can take most of a short warm-up, and a dump asked for later can land after its
     * last request (docs/measurements.md, "Carried over from code comments").
     */
    void duringWarmup() {
        start("warmup", Duration.ZERO);
    }

    /** During a short unmeasured load of its own, for when the earlier dumps saw no thread serving: at once too. */
    void duringProbeLoad() {
        start("probe", Duration.ZERO);
    }

    /** True when no dump has yet shown who serves: none taken, or none caught a request in the service's code. */
    static boolean unanswered(ThreadsSeen seen) {
        return seen == null || seen.ranVirtual() == null;
    }

    /**
     * Whether the curve's last step is dumped: only when the arm has no warm-up to dump, and then for every
     * arm, whatever its thread model and whatever earlier dumps saw. A dump stops the JVM at a safepoint
     * and jcmd spends CPU beside it, so dumping only the arms whose earlier dumps missed gave those arms,
     * and never WebFlux's, a different load before their search (issue 41, item 4).
     */
    static boolean dumpsInLastCurveStep(boolean warmedUp) {
        return !warmedUp;
    }

    /**
     * Whether more dumps, under a load of their own after the search, could show who serves when the
     * earlier ones did not: not on an event loop, which holds no thread while a request waits, so its
     * dumps never catch one and the extra load only lengthens the run (docs/measurements.md, "Why the
     * quick windows are as they are").
     */
    static boolean worthAnotherLook(AssessArmPlan plan, ThreadsSeen seen) {
        return !plan.key().mode().onEventLoop() && unanswered(seen);
    }

    private void start(String phase, Duration first) {
        thread = Thread.ofPlatform().daemon(true).name("loomlab-switch-probe").start(() -> {
            try {
                Thread.sleep(first);
                for (int i = 1; i <= DUMPS; i++) {
                    Path file = context.armFile(plan.key(), phase + "-" + i + ".threads.json");
                    WatchedJvm.DumpAttempt attempt = jvm.dump(file);
                    if (attempt.dump() != null) {
                        ThreadDump dump = attempt.dump().withFile(context.outDir().toAbsolutePath()
                                .relativize(file.toAbsolutePath()).toString());
                        synchronized (dumps) {
                            dumps.add(dump);
                        }
                        if (ThreadsSeen.of(List.of(dump), userPackages).ranVirtual() != null) {
                            return; // one dump that shows who serves is enough
                        }
                    }
                    Thread.sleep(APART);
                }
            } catch (InterruptedException e) {
                // the step is over: what was dumped stands
            }
        });
    }

    /** What the dumps showed, once the step is over; null when no dump could be taken. */
    ThreadsSeen seen() throws InterruptedException {
        if (thread == null) {
            return null;
        }
        thread.join(Duration.ofSeconds(20));
        thread.interrupt();
        synchronized (dumps) {
            return dumps.isEmpty() ? null : ThreadsSeen.of(dumps, userPackages);
        }
    }
}
