package loomlab.load;

/**
 * One reporting interval (normally a second) of the measured run.
 *
 * @param elapsedSeconds     end of the interval, from the start of measurement
 * @param completed          responses completed in the interval (any status)
 * @param requestsPerSecond  completed divided by the interval's length
 * @param p50Millis          corrected latency of this interval's responses
 * @param p99Millis          corrected latency of this interval's responses
 * @param maxMillis          corrected latency of this interval's responses
 * @param errors             errors of every kind in the interval
 */
public record IntervalSnapshot(double elapsedSeconds, long completed, double requestsPerSecond,
                               double p50Millis, double p99Millis, double maxMillis, long errors) {
}
