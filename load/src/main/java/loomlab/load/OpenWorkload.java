package loomlab.load;

/**
 * The open model: arrivals follow the schedule whatever the responses do. This loop owns every
 * {@code stride}-th arrival. A due arrival takes an idle connection, or a new one while under this
 * loop's share of maxInFlight; otherwise it waits (and is counted as a cap hit) until one frees up.
 * Waiting arrivals need no queue: they are the indices between {@code nextIndex} and now.
 *
 * <p>Growth is paced like TCP slow start: one handshake per eight connections (at least one, at
 * most {@value #MAX_HANDSHAKES}) may be under way. Opening a connection for every arrival that finds
 * none idle feeds back on itself: a cold or briefly stalled target makes arrivals queue, the new
 * connections load it further, and the pool runs away although a few connections would keep up.
 * Pacing damps that; it does not stop an overloaded target from driving the pool to the cap, which
 * is what the open model is there to show.
 */
final class OpenWorkload implements Workload {
    private static final int MAX_HANDSHAKES = 64;

    private final EventLoop loop;
    private final RunWindow window;
    private final ArrivalSchedule schedule;
    private final long stride;
    private final long endIndex;
    private final int initialConnections;
    private final int maxConnections;
    private final Connection[] idle;
    private int idleCount;
    private int created;
    private long nextIndex;
    private long capHitCountedFor = -1;
    /** The arrival that found no connection ready (the cap, or handshakes under way): its lag is not the loop's. */
    private long waitedForConnection = -1;
    private boolean exhausted;

    /**
     * @param firstIndex this loop's first arrival; it then takes every {@code stride}-th
     * @param endIndex   the first arrival not to send (warm-up arrivals plus the request count), or Long.MAX_VALUE
     */
    OpenWorkload(EventLoop loop, RunWindow window, ArrivalSchedule schedule, long firstIndex, long stride,
                 long endIndex, int initialConnections, int maxConnections) {
        this.loop = loop;
        this.window = window;
        this.schedule = schedule;
        this.nextIndex = firstIndex;
        this.stride = stride;
        this.endIndex = endIndex;
        this.initialConnections = initialConnections;
        this.maxConnections = maxConnections;
        this.idle = new Connection[maxConnections];
    }

    @Override
    public void start(long now) {
        while (created < initialConnections) {
            Connection connection = createConnection();
            connection.preconnect();
            idle[idleCount++] = connection;
        }
        dispatchDue(now);
    }

    @Override
    public void onTick(long now) {
        dispatchDue(now);
    }

    @Override
    public long nextDeadline() {
        if (exhausted || (idleCount == 0 && !mayOpenConnection())) {
            return Long.MAX_VALUE; // nothing to send, or waiting for a response or handshake rather than a time
        }
        return intendedAt(nextIndex);
    }

    @Override
    public void onFree(Connection connection, long now) {
        idle[idleCount++] = connection;
        dispatchDue(now);
    }

    @Override
    public void onBackoffOver(Connection connection, long since, long now) {
        onFree(connection, now);
    }

    @Override
    public boolean finished() {
        return exhausted;
    }

    private void dispatchDue(long now) {
        while (!exhausted) {
            if (nextIndex >= endIndex) {
                exhausted = true;
                return;
            }
            long intended = intendedAt(nextIndex);
            if (intended - now > 0) {
                return;
            }
            RunWindow.Phase phase = window.phaseOf(intended);
            if (phase == RunWindow.Phase.OVER) {
                exhausted = true;
                return;
            }
            Connection connection = takeConnection();
            if (connection == null) {
                waitedForConnection = nextIndex;
                if (created == maxConnections && capHitCountedFor != nextIndex && phase == RunWindow.Phase.MEASURED) {
                    loop.metrics().recordInFlightCapHit();
                    capHitCountedFor = nextIndex;
                }
                return;
            }
            if (phase == RunWindow.Phase.WARMUP) {
                loop.metrics().recordWarmupRequest();
            }
            boolean waited = waitedForConnection == nextIndex;
            nextIndex += stride;
            connection.send(intended, phase == RunWindow.Phase.MEASURED, waited);
        }
    }

    private long intendedAt(long index) {
        return window.startNanos() + schedule.offsetNanos(index);
    }

    private Connection takeConnection() {
        if (idleCount > 0) {
            Connection connection = idle[--idleCount];
            idle[idleCount] = null;
            return connection;
        }
        return mayOpenConnection() ? createConnection() : null;
    }

    private boolean mayOpenConnection() {
        return created < maxConnections && loop.handshakesInProgress() < Math.clamp(created / 8, 1, MAX_HANDSHAKES);
    }

    private Connection createConnection() {
        created++;
        return loop.newConnection();
    }
}
