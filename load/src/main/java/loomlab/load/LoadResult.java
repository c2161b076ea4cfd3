package loomlab.load;

import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * A finished run, measured part only (warm-up excluded).
 *
 * @param requests                 whole responses to measured requests, whatever their status
 * @param elapsedSeconds           from the start of measurement to the last measured completion or failure
 * @param throughputRps            requests / elapsedSeconds
 * @param latency                  from each request's intended send (coordinated-omission corrected);
 *                                 a request that timed out counts at its timeout
 * @param uncorrectedLatency       from each request's actual send
 * @param errors                   failed measured requests by kind
 * @param lateSends                measured requests sent over 1 ms after their intended time
 * @param inFlightCapHits          open model: arrivals that had to wait because maxInFlight was reached
 * @param warmupRequests           requests issued during the warm-up, not measured
 * @param generatorCpuSeconds      CPU time of the event-loop threads during measurement (null if unknown)
 * @param generatorCpuUtilisation  that CPU over (measured wall time x io threads) (null if unknown)
 * @param generatorSaturated       utilisation over 0.9: the figures may describe the generator, not the target
 * @param intervals                per-second time series
 * @param latencyHistogram         corrected latencies in nanoseconds (for spectra and hlog files; do not modify)
 * @param maxLoopLagMillis         open model: the latest a measured request went out after its intended time
 *                                 while a connection was ready for it: the event loop's own lateness
 * @param paths                    each target of the path mix on its own, in the mix's order
 */
public record LoadResult(long requests, double elapsedSeconds, double throughputRps, LatencySummary latency,
                         LatencySummary uncorrectedLatency, ErrorCounts errors, long lateSends,
                         long inFlightCapHits, long warmupRequests, Double generatorCpuSeconds,
                         Double generatorCpuUtilisation, boolean generatorSaturated,
                         List<IntervalSnapshot> intervals, Histogram latencyHistogram, double maxLoopLagMillis,
                         List<PathLatency> paths) {

    public static final double SATURATION_THRESHOLD = 0.9;

    public LoadResult {
        intervals = List.copyOf(intervals);
        paths = List.copyOf(paths);
    }
}
