package loomlab.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One selector thread driving its share of the connections. Timers (request timeouts, reconnect
 * back-off, the workload's think times and arrivals) are deadline queues whose earliest deadline
 * bounds the select. A failed request is settled on the next turn rather than inside the call that
 * failed, so a target that fails synchronously cannot recurse the loop.
 */
final class EventLoop implements Runnable {
    static final long RECONNECT_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    /** Closer deadlines than this are waited for by polling: select() only sleeps whole milliseconds. */
    private static final long POLL_BELOW_NANOS = TimeUnit.MICROSECONDS.toNanos(100);
    /** Upper bound on one select, so a stop request is seen even with nothing to wake the loop. */
    private static final long MAX_SELECT_MILLIS = 100;
    private static final int READ_BUFFER_BYTES = 64 * 1024;
    private static final int MAX_DRAINING_CHANNELS = 1024;
    private static final Object DRAINING = new Object();

    private final Selector selector;
    private final InetSocketAddress address;
    private final ByteBuffer[] requests;
    private final RequestMix paths;
    private long requestsIssued;
    private final boolean keepAlive;
    private final RunWindow window;
    private final LoopMetrics metrics;
    /** What a watchdog on another thread reads of this loop; published every few tens of milliseconds. */
    private final LoopGauge gauge = new LoopGauge();
    private long answered;
    /** Answers whose status was 2xx or 3xx: an error status is an answer, not a success. */
    private long answeredOk;
    /** Requests written out (a stale keep-alive channel's resend is the same request), of every phase. */
    private long sent;
    private long failed;
    private long lastPublishNanos;
    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(READ_BUFFER_BYTES);
    private final DeadlineQueue timeouts;
    private final DeadlineQueue backoff = new DeadlineQueue(RECONNECT_BACKOFF_NANOS);
    private final DeadlineQueue failedToSettle = new DeadlineQueue(0);
    private final List<Connection> connections = new ArrayList<>();
    private final Consumer<SelectionKey> onSelected = this::onSelected;
    private Workload workload;
    private int inFlight;
    private int handshakes;
    private int drainingChannels;
    private volatile boolean stopRequested;

    // Written by the loop thread, read after it was joined.
    private long cpuNanosAtMeasureStart = -1;
    private long cpuNanosAtEnd = -1;
    private long endNanos;

    /** Between two publications of the gauge: fresh enough for a watchdog that samples a few times a second. */
    private static final long PUBLISH_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    /** @param requests one pre-encoded request per target of {@code paths}, in its order */
    EventLoop(InetSocketAddress address, ByteBuffer[] requests, RequestMix paths, boolean keepAlive, RunWindow window,
              long timeoutNanos, boolean openModel) {
        this.metrics = new LoopMetrics(paths.size(), openModel);
        try {
            this.selector = Selector.open();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a selector", e);
        }
        this.address = address;
        this.requests = requests;
        this.paths = paths;
        this.keepAlive = keepAlive;
        this.window = window;
        this.timeouts = new DeadlineQueue(timeoutNanos);
    }

    void workload(Workload workload) {
        this.workload = workload;
    }

    Connection newConnection() {
        Connection connection = new Connection(this, requests);
        connections.add(connection);
        return connection;
    }

    @Override
    public void run() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        boolean cpuTimed = threads.isCurrentThreadCpuTimeSupported();
        try {
            long now = System.nanoTime();
            workload.start(now);
            while (!stopRequested) {
                now = System.nanoTime();
                if (cpuTimed && cpuNanosAtMeasureStart < 0 && now - window.measureStartNanos() >= 0) {
                    cpuNanosAtMeasureStart = threads.getCurrentThreadCpuTime();
                }
                fireTimers(now);
                if (workload.finished() && inFlight == 0) {
                    break;
                }
                select(now);
            }
        } finally {
            endNanos = System.nanoTime();
            publish(endNanos);
            if (cpuTimed) {
                cpuNanosAtEnd = threads.getCurrentThreadCpuTime();
            }
            closeEverything();
        }
    }

    /** Releases the selector of a loop whose thread never started (the run failed while starting). */
    void closeUnstarted() {
        closeEverything();
    }

    void stop() {
        stopRequested = true;
        selector.wakeup();
    }

    /** Ends a select early, so the workload's next tick runs now rather than at its next deadline. */
    void wake() {
        selector.wakeup();
    }

    private void fireTimers(long now) {
        for (DeadlineQueue.Entry due; (due = timeouts.pollDue(now)) != null; ) {
            ((Connection) due).timedOut(now);
        }
        for (DeadlineQueue.Entry due; (due = failedToSettle.pollDue(now)) != null; ) {
            workload.onFree((Connection) due, now);
        }
        for (DeadlineQueue.Entry due; (due = backoff.pollDue(now)) != null; ) {
            workload.onBackoffOver((Connection) due, due.deadline(), now);
        }
        workload.onTick(now);
        if (now - lastPublishNanos >= PUBLISH_NANOS) {
            publish(now);
        }
    }

    private void publish(long now) {
        lastPublishNanos = now;
        DeadlineQueue.Entry oldest = timeouts.first();
        gauge.publish(answered, answeredOk, sent, failed, inFlight, oldest == null ? 0 : ((Connection) oldest).sentNanos(),
                oldest == null ? -1 : ((Connection) oldest).target(), oldest != null && ((Connection) oldest).connecting(),
                oldest != null && ((Connection) oldest).freshChannel());
    }

    private void select(long now) {
        long next = Math.min(Math.min(timeouts.nextDeadline(), backoff.nextDeadline()),
                Math.min(failedToSettle.nextDeadline(), workload.nextDeadline()));
        try {
            if (next != Long.MAX_VALUE && next - now < POLL_BELOW_NANOS) {
                selector.selectNow(onSelected);
            } else {
                long millis = next == Long.MAX_VALUE ? MAX_SELECT_MILLIS
                        : Math.clamp((next - now) / 1_000_000, 1, MAX_SELECT_MILLIS);
                selector.select(onSelected, millis);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("select failed", e);
        }
    }

    private void onSelected(SelectionKey key) {
        if (key.attachment() instanceof Connection connection) {
            connection.onSelected(key);
        } else {
            drain(key);
        }
    }

    // --- called by connections ---

    /** Which target the next request of this loop asks for: the mix as a function of the loop's count. */
    int nextTarget() {
        return paths.targetAt(requestsIssued++);
    }

    void requestStarted(Connection connection, long now) {
        inFlight++;
        sent++;
        timeouts.add(connection, now);
        if (connection.measured()) {
            metrics.recordSend(connection.intendedNanos(), now, connection.waitedForConnection());
        }
    }

    void requestCompleted(Connection connection, int status, long now) {
        inFlight--;
        answered++;
        boolean success = succeeded(status);
        if (success) {
            answeredOk++;
        }
        timeouts.remove(connection);
        if (connection.measured()) {
            metrics.recordResponse(connection.intendedNanos(), connection.sentNanos(), now, !success,
                    connection.target());
        }
        workload.onFree(connection, now);
    }

    /** Only a 2xx or 3xx answer is a success (a 1xx is interim and never completes an exchange). */
    static boolean succeeded(int status) {
        return status >= 200 && status < 400;
    }

    void requestFailed(Connection connection, ErrorKind kind, long now) {
        inFlight--;
        failed++;
        timeouts.remove(connection);
        if (connection.measured()) {
            metrics.recordFailure(kind, connection.intendedNanos(), connection.sentNanos(), now, connection.target());
        }
        if (kind == ErrorKind.CONNECT) {
            backoff.add(connection, now); // a refused target must not turn the loop into a busy spin
        } else {
            failedToSettle.add(connection, now);
        }
    }

    void handshakeStarted() {
        handshakes++;
    }

    void handshakeEnded() {
        handshakes--;
    }

    /** Connections of this loop whose TCP handshake is under way. */
    int handshakesInProgress() {
        return handshakes;
    }

    /** Keeps a finished channel registered until the server closes it (see Connection). */
    void drainUntilClosed(SelectionKey key) {
        if (drainingChannels >= MAX_DRAINING_CHANNELS) {
            closeQuietly(key);
            return;
        }
        drainingChannels++;
        key.attach(DRAINING);
    }

    private void drain(SelectionKey key) {
        try {
            readBuffer.clear();
            if (((SocketChannel) key.channel()).read(readBuffer) == 0) {
                return;
            }
        } catch (IOException e) {
            // closing below either way
        }
        drainingChannels--;
        closeQuietly(key);
    }

    InetSocketAddress address() {
        return address;
    }

    Selector selector() {
        return selector;
    }

    ByteBuffer readBuffer() {
        return readBuffer;
    }

    boolean keepAlive() {
        return keepAlive;
    }

    LoopMetrics metrics() {
        return metrics;
    }

    LoopGauge gauge() {
        return gauge;
    }

    // --- read after the loop thread was joined ---

    /** CPU time of this loop during measurement; -1 if unknown, 0 if measurement never started. */
    long measuredCpuNanos() {
        if (cpuNanosAtEnd < 0) {
            return -1;
        }
        return cpuNanosAtMeasureStart < 0 ? 0 : cpuNanosAtEnd - cpuNanosAtMeasureStart;
    }

    long endNanos() {
        return endNanos;
    }

    private void closeEverything() {
        for (Connection connection : connections) {
            connection.close();
        }
        for (SelectionKey key : List.copyOf(selector.keys())) {
            closeQuietly(key);
        }
        try {
            selector.close();
        } catch (IOException e) {
            // the run is over; a selector that fails to close leaks nothing we can recover
        }
    }

    private static void closeQuietly(SelectionKey key) {
        try {
            key.channel().close();
        } catch (IOException e) {
            // done with this channel either way
        }
    }
}
