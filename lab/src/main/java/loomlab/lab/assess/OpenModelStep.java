package loomlab.lab.assess;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import loomlab.core.assess.CapacityStep;
import loomlab.lab.process.ProcStat;
import loomlab.load.IntervalSnapshot;
import loomlab.load.LoadGenerator;
import loomlab.load.LoadListener;
import loomlab.load.LoadResult;
import loomlab.load.LoadSpec;
import loomlab.load.PathMix;
import loomlab.load.StopWhen;

/**
 * One step of the capacity search, by the lab's generator in the open model: arrivals at a fixed
 * rate for a warm-up (not measured), then for the step, latency from each request's intended send
 * time. The service's CPU (its whole process tree) and the lab's own are read around the measured
 * window. A step that has already failed is ended at the next second rather than run out: an
 * error, a second whose median is past the target (then at least half of that second's answers
 * are late, which no later second can make up for), or a second without any answer.
 */
final class OpenModelStep {
    /** Below this rate a second may rightly pass without an answer. */
    static final double SILENT_SECOND_RATE = 5;
    /**
     * Connections opened at once when a step starts; the generator opens the rest as arrivals need
     * them, a few handshakes at a time, during the warm-up. Hundreds of connects at once overflow a
     * server's accept queue (Tomcat's holds 100), and a dropped SYN is retried only after a second:
     * the step would measure the burst of handshakes, not the service.
     */
    static final int MAX_UP_FRONT = 16;
    /** The reporter's seconds come a little late or early; a shorter interval is a partial one. */
    static final double WHOLE_SECOND = 0.9;
    /** Requests in flight may grow to this many times rate x target before arrivals wait for one. */
    static final int IN_FLIGHT_HEADROOM = 4;

    private final URI base;
    private final PathMix paths;
    private final double sloP99Ms;

    OpenModelStep(URI base, PathMix paths, double sloP99Ms) {
        this.base = base;
        this.paths = paths;
        this.sloP99Ms = sloP99Ms;
    }

    /**
     * @param unloadedMs one request's latency alone (the curve's first step), for the connections
     *                   opened up front; null when unknown
     */
    CapacityStep measure(double rate, Duration warmup, Duration length, Double unloadedMs, long servicePid,
                         LoadListener progress) throws InterruptedException {
        CpuAtMeasureStart start = new CpuAtMeasureStart(servicePid, warmup);
        Stop stop = new Stop(rate);
        LoadResult result;
        try {
            result = LoadGenerator.run(spec(rate, unloadedMs).warmup(warmup).duration(length).build(), progress, stop);
        } finally {
            start.cancel();
        }
        Double serviceCpu = delta(start.service, ProcessTree.cpuSeconds(servicePid));
        Double labCpu = delta(start.lab, ProcStat.cpuSeconds(ProcessHandle.current().pid()));
        return new CapacityStep(rate, result.requests() > 0 ? result.latency().p99() : null,
                p50Rise(result.intervals(), length), result.errors().total(), result.requests(), result.elapsedSeconds(),
                stop.reason, !result.generatorSaturated(), new CapacityStep.StepUsage(serviceCpu, labCpu));
    }

    /**
     * The median of the last whole second of the step's window less that of its first, or null with
     * fewer than two whole seconds that had answers (the drain after the window is left out).
     */
    static Double p50Rise(List<IntervalSnapshot> seconds, Duration length) {
        double end = length.toNanos() / 1e9 + 1e-3;
        List<IntervalSnapshot> whole = new ArrayList<>();
        double previous = 0;
        for (IntervalSnapshot second : seconds) {
            if (second.elapsedSeconds() <= end && second.elapsedSeconds() - previous >= WHOLE_SECOND
                    && second.completed() > 0) {
                whole.add(second);
            }
            previous = second.elapsedSeconds();
        }
        return whole.size() < 2 ? null : whole.getLast().p50Millis() - whole.getFirst().p50Millis();
    }

    /**
     * The CPU readings at the end of the warm-up, taken beside the run: warm-up and measurement are
     * one run, so the connections the warm-up opened carry the measured requests (a fresh burst of
     * handshakes at the start of the measurement would be measured instead of the service).
     */
    private static final class CpuAtMeasureStart {
        private final Thread reader;
        private volatile OptionalDouble service = OptionalDouble.empty();
        private volatile OptionalDouble lab = OptionalDouble.empty();

        CpuAtMeasureStart(long servicePid, Duration warmup) {
            reader = Thread.ofPlatform().daemon(true).name("loomlab-assess-cpu").start(() -> {
                try {
                    Thread.sleep(warmup);
                } catch (InterruptedException e) {
                    return;
                }
                service = ProcessTree.cpuSeconds(servicePid);
                lab = ProcStat.cpuSeconds(ProcessHandle.current().pid());
            });
        }

        void cancel() throws InterruptedException {
            reader.interrupt();
            reader.join();
        }
    }

    /**
     * The in-flight cap is rate x target x {@value #IN_FLIGHT_HEADROOM} (and 64 more): when arrivals
     * wait for it, Little's law says the answers already take four times the target, so the step
     * fails for the service's sake, not the generator's.
     */
    private LoadSpec.Builder spec(double rate, Double unloadedMs) {
        int cap = (int) Math.min(Integer.MAX_VALUE / 2, Math.ceil(rate * sloP99Ms / 1000 * IN_FLIGHT_HEADROOM) + 64);
        double aloneS = (unloadedMs == null ? 10 : unloadedMs) / 1000;
        int upFront = (int) Math.clamp(Math.ceil(rate * aloneS) + 1, 1, Math.min(cap, MAX_UP_FRONT));
        return LoadSpec.builder(base).paths(paths).rate(rate).connections(upFront).maxInFlight(cap)
                .timeout(timeout(sloP99Ms));
    }

    /** Far past the target: such a request fails the step whenever it ends, so it need not be waited for. */
    static Duration timeout(double sloP99Ms) {
        return Duration.ofMillis(Math.round(Math.clamp(20 * sloP99Ms, 5_000, 60_000)));
    }

    private static Double delta(OptionalDouble start, OptionalDouble end) {
        return start.isPresent() && end.isPresent() ? end.getAsDouble() - start.getAsDouble() : null;
    }

    /** Ends a step that has already failed, and says why. */
    private final class Stop implements StopWhen {
        private final double rate;
        private volatile String reason;

        Stop(double rate) {
            this.rate = rate;
        }

        @Override
        public boolean stop(IntervalSnapshot second) {
            if (second.errors() > 0) {
                reason = "errors";
            } else if (second.completed() > 0 && second.p50Millis() > sloP99Ms) {
                reason = "a second's median above the target";
            } else if (second.completed() == 0 && rate >= SILENT_SECOND_RATE) {
                reason = "a second without an answer";
            }
            return reason != null;
        }
    }
}
