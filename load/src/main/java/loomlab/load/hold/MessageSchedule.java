package loomlab.load.hold;

/**
 * When each connection intends to send each message: connection {@code i}'s message {@code k} at
 * {@code i*T/N + k*T} from the start of the run. The offsets {@code i*T/N} spread the connections
 * evenly over one interval, so the server sees a steady trickle rather than N messages at once; and
 * like {@link loomlab.load.ConstantRate} the times are a pure function of the indices, so a late
 * send never shifts the ones after it.
 *
 * <p>Because every spread offset is below one interval, ordering all messages by time visits the
 * connections round-robin: slot {@code j} is connection {@code j % N}'s message {@code j / N}, and
 * slot times never decrease. One cursor over the slots therefore replaces a timer per connection.
 *
 * @param intervalNanos T, the time between two messages of one connection
 * @param connections   N
 */
public record MessageSchedule(long intervalNanos, int connections) {

    public MessageSchedule {
        if (intervalNanos < 1) {
            throw new IllegalArgumentException("the interval must be positive, got " + intervalNanos + " ns");
        }
        if (connections < 1) {
            throw new IllegalArgumentException("connections must be at least 1, got " + connections);
        }
    }

    /** {@code floor(i*T/N)}, computed as {@code i*(T/N) + i*(T%N)/N} so that no product can overflow. */
    public long spreadNanos(int connection) {
        long whole = intervalNanos / connections;
        long remainder = intervalNanos % connections;
        return connection * whole + connection * remainder / connections;
    }

    /** Nanoseconds from the start of the run to the intended send of {@code connection}'s message {@code message}. */
    public long offsetNanos(int connection, long message) {
        return spreadNanos(connection) + message * intervalNanos;
    }

    /** The first message of {@code connection} intended at or after {@code offsetNanos}: the first one it owes once open. */
    public long firstMessageAtOrAfter(int connection, long offsetNanos) {
        long spread = spreadNanos(connection);
        if (offsetNanos <= spread) {
            return 0;
        }
        return (offsetNanos - spread + intervalNanos - 1) / intervalNanos;
    }

    /** The intended time of slot {@code slot}, the slot-th message of the whole run in time order. */
    public long slotOffsetNanos(long slot) {
        return offsetNanos(connectionOfSlot(slot), messageOfSlot(slot));
    }

    public int connectionOfSlot(long slot) {
        return (int) (slot % connections);
    }

    public long messageOfSlot(long slot) {
        return slot / connections;
    }
}
