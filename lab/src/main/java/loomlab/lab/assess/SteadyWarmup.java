package loomlab.lab.assess;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.BooleanSupplier;
import loomlab.core.assess.SteadyRule;
import loomlab.core.assess.WarmupEvidence;
import loomlab.core.assess.WarmupWindow;
import loomlab.core.finding.Bottleneck;
import loomlab.lab.load.LabClosedModel;
import loomlab.lab.process.JitThreads;
import loomlab.lab.process.ProcStat;
import loomlab.lab.watch.Watchdog;
import loomlab.load.IntervalSnapshot;
import loomlab.load.LoadGenerator;
import loomlab.load.LoadListener;
import loomlab.load.LoadSpec;
import loomlab.load.RequestMix;
import loomlab.load.StopWhen;

/**
 * An arm's warm-up to a steady state: the rule's users drive the service on the mix in one unbroken
 * closed-model run, read in windows at whose edges the service's CPU and its JIT compiler threads' CPU
 * ({@code /proc}, {@link JitThreads}) are taken; the run ends as soon as the rule
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
        return runBeside(base, mix, rule, servicePid, progress, watch, List.of(), null).evidence();
    }

    /**
     * The same beside other arms' warm-ups: the run also ends, unsteady, where {@link #FULL_WINDOWS} windows in
     * a row found the machine full ({@link #machineFull}) while {@code othersWarming} says another arm is still
     * warming, so that the
     * two do not share cores that one of them needs; it then goes on alone later, with {@code before}, the
     * windows it had read, ahead of its own.
     *
     * @param othersWarming whether another arm still warms; null when this one may never give way
     */
    static Ended runBeside(URI base, RequestMix mix, SteadyRule rule, long servicePid, LoadListener progress,
                           Watchdog watch, List<WarmupWindow> before, BooleanSupplier othersWarming)
            throws InterruptedException {
        Windows windows = new Windows(rule, servicePid, before, othersWarming);
        LoadGenerator.run(LoadSpec.builder(base).paths(mix).connections(rule.users()).duration(rule.cap())
                .timeout(LabClosedModel.TIMEOUT).build(), LoadListener.both(LoadListener.both(progress, watch),
                windows), windows, watch);
        return new Ended(WarmupEvidence.of(rule, windows.read()), windows.gaveWayAtCores);
    }

    /**
     * How a warm-up beside others ended: its evidence so far, and the machine's busy cores in the window where
     * it gave way to another arm's warm-up (null when it did not).
     */
    record Ended(WarmupEvidence evidence, Double gaveWayAtCores) {
    }

    /**
     * A warm-up gives way after this many windows in a row found the machine full: every JVM's first seconds
     * are a burst of compiling that fills the cores whatever the service, and passes.
     */
    static final int FULL_WINDOWS = 2;

    /**
     * Whether a window found the machine full: its cores busy, whoever used them, for {@link Bottleneck#CPU_SHARE}
     * of the window or more. Two warm-ups that fill the machine slow each other's JIT, and neither settles.
     */
    static boolean machineFull(double busySeconds, double windowSeconds, int cores) {
        return windowSeconds > 0 && busySeconds / windowSeconds >= Bottleneck.CPU_SHARE * cores;
    }

    /** The windows as the run goes: answers counted from each interval, readings taken at each window's edge. */
    private static final class Windows implements LoadListener, StopWhen {
        private final SteadyRule rule;
        private final long servicePid;
        private final long jvm;
        private final List<WarmupWindow> read = new ArrayList<>();
        private final int before;
        private final BooleanSupplier othersWarming;
        private final int cores = Runtime.getRuntime().availableProcessors();
        private long started;
        private long opened;
        private long answered;
        private OptionalDouble cpu = OptionalDouble.empty();
        private Optional<JitThreads.Reading> jit = Optional.empty();
        private OptionalDouble machineBusy = OptionalDouble.empty();
        private volatile Double gaveWayAtCores;
        private int fullInARow;

        Windows(SteadyRule rule, long servicePid, List<WarmupWindow> before, BooleanSupplier othersWarming) {
            this.rule = rule;
            this.servicePid = servicePid;
            this.jvm = ProcessTree.jvm(servicePid);
            this.read.addAll(before);
            this.before = before.size();
            this.othersWarming = othersWarming;
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
            jit = JitThreads.read(jvm);
            machineBusy = ProcStat.machineBusySeconds();
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
            Optional<JitThreads.Reading> jitNow = JitThreads.read(jvm);
            Double busy = ProcStat.between(machineBusy, ProcStat.machineBusySeconds());
            double seconds = (now - opened) / 1e9;
            read.add(new WarmupWindow(seconds, answered,
                    cpu.isPresent() && cpuNow.isPresent() ? cpuNow.getAsDouble() - cpu.getAsDouble() : null,
                    JitThreads.between(jit, jitNow)));
            open(now);
            // Judged on its own windows once it goes on alone: the ones beside another arm's warm-up came
            // under other conditions.
            if (rule.judge(read.subList(before, read.size())).steady()
                    || !rule.roomFor(Duration.ofNanos(now - started))) {
                return true;
            }
            fullInARow = busy != null && machineFull(busy, seconds, cores) ? fullInARow + 1 : 0;
            if (othersWarming != null && fullInARow >= FULL_WINDOWS && othersWarming.getAsBoolean()) {
                gaveWayAtCores = busy / seconds;
                return true;
            }
            return false;
        }

        synchronized List<WarmupWindow> read() {
            return List.copyOf(read);
        }
    }
}
