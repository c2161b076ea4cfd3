package loomlab.load;

/**
 * Evenly spaced arrivals: request {@code i} is intended at {@code round(i / rate)} seconds. Computed
 * from the index rather than accumulated, so no rounding error builds up; the double arithmetic is
 * exact to the nanosecond while {@code i * 1e9} stays below 2^53 (nine million requests) and off by
 * at most a nanosecond beyond.
 */
public record ConstantRate(double requestsPerSecond) implements ArrivalSchedule {

    public ConstantRate {
        if (!(requestsPerSecond > 0) || Double.isInfinite(requestsPerSecond)) {
            throw new IllegalArgumentException("rate must be a positive finite number of requests per second, got " + requestsPerSecond);
        }
    }

    @Override
    public long offsetNanos(long index) {
        return Math.round(index * 1e9 / requestsPerSecond);
    }
}
