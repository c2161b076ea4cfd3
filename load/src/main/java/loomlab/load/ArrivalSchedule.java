package loomlab.load;

/**
 * When the open model intends to send request {@code i}: a pure function of the index, so that the
 * schedule never drifts with the generator's own delays (the send may be late; the intention is not).
 */
public interface ArrivalSchedule {

    /** Nanoseconds from the start of the run to the intended send of request {@code index}; non-decreasing. */
    long offsetNanos(long index);

    /** The smallest index whose offset is at or after {@code offsetNanos}: how many arrivals fall before it. */
    default long firstIndexAtOrAfter(long offsetNanos) {
        if (offsetNanos(0) >= offsetNanos) {
            return 0;
        }
        long tooEarly = 0;
        long bound = 1;
        while (offsetNanos(bound) < offsetNanos) {
            tooEarly = bound;
            bound *= 2;
        }
        while (bound - tooEarly > 1) {
            long middle = tooEarly + (bound - tooEarly) / 2;
            if (offsetNanos(middle) < offsetNanos) {
                tooEarly = middle;
            } else {
                bound = middle;
            }
        }
        return bound;
    }
}
