package loomlab.lab.assess;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import loomlab.core.assess.SteadyRule;
import loomlab.core.assess.WarmupEvidence;
import loomlab.core.assess.WarmupWindow;
import loomlab.lab.load.LabClosedModel;
import loomlab.lab.process.PerfData;
import loomlab.lab.watch.Watchdog;
import loomlab.load.IntervalSnapshot;
import loomlab.load.LoadGenerator;
import loomlab.load.LoadListener;
import loomlab.load.LoadSpec;
import loomlab.load.RequestMix;
import loomlab.load.StopWhen;

/**
 * An arm's warm-up to a steady state: the rule's users drive the service on the mix in one unbroken
 * closed-model run, read in windows at whose edges the service's CPU ({@code /proc}) and its JIT's
 * compiling time (HotSpot's counters, {@link PerfData}) are taken; the run ends as soon as the rule
 * calls the last windows steady, or at its cap. The decision is the rule's ({@link SteadyRule#judge});
 * this class only reads.
 */
final class SteadyWarmup {
    /** A window closes at the interval that ends nearest its length, not one whole interval later. */
    private static final long WINDOW_SLACK_NANOS = 200_000_000L;

    private SteadyWarmup() {
    }

    /**
     * @param servicePid the service's process (the root of its tree: the CPU of the whole tree is read, the
     *                   JIT of the JVM in it)
     */
    static WarmupEvidence run(URI base, RequestMix mix, SteadyRule rule, long servicePid, LoadListener progress,
                              Watchdog watch) throws InterruptedException {
        Windows windows = new Windows(rule, servicePid);
        LoadGenerator.run(LoadSpec.builder(base).paths(mix).connections(rule.users()).duration(rule.cap())
                .timeout(LabClosedModel.TIMEOUT).build(), LoadListener.both(LoadListener.both(progress, watch),
                windows), windows, watch);
        return WarmupEvidence.of(rule, windows.read());
    }

    /** The windows as the run goes: answers counted from each interval, readings taken at each window's edge. */
    private static final class Windows implements LoadListener, StopWhen {
        private final SteadyRule rule;
        private final long servicePid;
        private final long jvm;
        private final List<WarmupWindow> read = new ArrayList<>();
        private long started;
        private long opened;
        private long answered;
        private OptionalDouble cpu = OptionalDouble.empty();
        private Optional<PerfData.Compilation> compiled = Optional.empty();

        Windows(SteadyRule rule, long servicePid) {
            this.rule = rule;
            this.servicePid = servicePid;
            this.jvm = ProcessTree.jvm(servicePid);
        }

        @Override
        public synchronized void onMeasureStart() {
            started = System.nanoTime();
            open(started);
        }

        private void open(long now) {
            opened = now;
            answered = 0;
            cpu = ProcessTree.cpuSeconds(servicePid);
            compiled = PerfData.compilation(jvm);
        }

        @Override
        public synchronized void onInterval(IntervalSnapshot interval) {
            answered += interval.completed();
        }

        @Override
        public synchronized boolean stop(IntervalSnapshot interval) {
            long now = System.nanoTime();
            if (started == 0 || now - opened < rule.window().toNanos() - WINDOW_SLACK_NANOS) {
                return false;
            }
            OptionalDouble cpuNow = ProcessTree.cpuSeconds(servicePid);
            Optional<PerfData.Compilation> compiledNow = PerfData.compilation(jvm);
            read.add(new WarmupWindow((now - opened) / 1e9, answered,
                    cpu.isPresent() && cpuNow.isPresent() ? cpuNow.getAsDouble() - cpu.getAsDouble() : null,
                    compiled.isPresent() && compiledNow.isPresent()
                            ? compiledNow.get().seconds() - compiled.get().seconds() : null));
            open(now);
            return rule.judge(read).steady() || !rule.roomFor(Duration.ofNanos(now - started));
        }

        synchronized List<WarmupWindow> read() {
            return List.copyOf(read);
        }
    }
}
