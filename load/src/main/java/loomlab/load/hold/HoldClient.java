package loomlab.load.hold;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import loomlab.load.ConstantRate;
import org.HdrHistogram.Histogram;

/**
 * Opens many keep-alive connections to an echo server and holds them, each sending one 16-byte
 * message per interval, all on one selector thread (the calling one): a thread per connection
 * would make the client the experiment. Three phases: the ramp opens connection {@code i} at
 * {@code i / rate} seconds (at most {@code maxConnecting} connects in progress, a failed connect
 * is not retried), and a connection counts as open only once the server has echoed its first message,
 * the greeting: a kernel completes handshakes into its accept queue long before a platform-thread
 * server has a thread for each; the settle lets the caller act on the server unmeasured; the hold
 * keeps everything open for its duration; the drain waits a little for
 * echoes still on their way. Only messages intended during the hold are measured.
 *
 * <p>All times are nanoseconds since the run's origin. One run per instance.
 */
final class HoldClient {
    static final long CONNECT_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);
    static final long PROGRESS_NANOS = TimeUnit.MILLISECONDS.toNanos(250);
    /** The end of the hold waits for outstanding echoes this long, or one interval when that is longer. */
    static final long MIN_DRAIN_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** A send later than this (or than a tenth of the interval) means the client could not keep its schedule. */
    static final long BEHIND_SCHEDULE_FLOOR_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** Closer deadlines than this are waited for by polling: select() only sleeps whole milliseconds. */
    private static final long POLL_BELOW_NANOS = TimeUnit.MICROSECONDS.toNanos(100);
    private static final long MAX_SELECT_MILLIS = 250;
    /**
     * Schedule slots visited and messages sent per turn at most, so that a loop that fell behind
     * still reads echoes between its batches (a slot whose connection is busy or closed is cheap).
     */
    private static final int MAX_SLOTS_PER_TURN = 65_536;
    private static final int MAX_SENDS_PER_TURN = 1_024;
    /**
     * Connects started per turn at most. A connect costs several system calls; a behind-schedule
     * ramp starting hundreds in one go would leave completions, echoes and progress lines waiting.
     */
    private static final int MAX_CONNECTS_PER_TURN = 64;

    private enum Phase { RAMP, SETTLE, HOLD, DRAIN, DONE }

    private final HoldSpec spec;
    private final InetSocketAddress[] targets;
    private final PrintStream progress;
    private final ConstantRate connectSchedule;
    private final MessageSchedule messageSchedule;
    /** By index; null before the connect starts and once the connection failed or was dropped. */
    private final HeldConnection[] connections;
    /** Connects in start order, which is timeout order; entries that finished are skipped lazily. */
    private final ArrayDeque<HeldConnection> connectsByStart = new ArrayDeque<>();
    private final HoldErrors errors = new HoldErrors();
    private final HoldMetrics metrics = new HoldMetrics();
    private final ByteBuffer outgoing = ByteBuffer.allocateDirect(HoldMessage.BYTES);
    private final ByteBuffer incoming = ByteBuffer.allocateDirect(HoldMessage.BYTES);
    private final ByteBuffer expected = ByteBuffer.allocate(HoldMessage.BYTES);
    private final Consumer<SelectionKey> onSelected = this::onSelected;
    private Selector selector;
    private HoldProcessGauge gauge;
    private long origin;

    private Phase phase = Phase.RAMP;
    private int nextToConnect;
    private int connecting;
    private int open;
    /** Messages sent whose echo is not complete, over all connections. */
    private int outstanding;
    /** The next slot of the message schedule to visit: every message in time order. */
    private long nextSlot;
    private boolean stopOpening;
    private boolean rampStoppedByErrors;
    private long settleEnd = Long.MAX_VALUE;
    private long holdStart = Long.MAX_VALUE;
    /** No message intended at or after it goes out; unbounded until the hold starts. */
    private long holdEnd = Long.MAX_VALUE;
    private long drainEnd = Long.MAX_VALUE;
    private long nextProgress = PROGRESS_NANOS;
    private long lastConnected = -1;
    private int openAtRampEnd;
    private int openAtHoldEnd;
    private Double rssAtHoldEnd;

    /** @param targets the server's addresses; connection {@code i} goes to {@code targets[i % targets.length]} */
    HoldClient(HoldSpec spec, InetSocketAddress[] targets, PrintStream progress) {
        this.spec = spec;
        this.targets = targets.clone();
        this.progress = progress;
        this.connectSchedule = new ConstantRate(spec.connectRate());
        this.messageSchedule = new MessageSchedule(spec.interval().toNanos(), spec.connections());
        this.connections = new HeldConnection[spec.connections()];
    }

    HoldResult run() throws IOException {
        Long cpuAtStart = HoldProcessGauge.cpuNanos();
        try (HoldProcessGauge openedGauge = HoldProcessGauge.open(); Selector openedSelector = Selector.open()) {
            gauge = openedGauge;
            selector = openedSelector;
            origin = System.nanoTime();
            try {
                while (phase != Phase.DONE) {
                    turn();
                }
            } finally {
                closeAll();
            }
        }
        Long cpuAtEnd = HoldProcessGauge.cpuNanos();
        return result(cpuAtStart == null || cpuAtEnd == null ? null : (cpuAtEnd - cpuAtStart) / 1e9);
    }

    private long now() {
        return System.nanoTime() - origin;
    }

    private void turn() throws IOException {
        expireConnects(now());
        startDueConnects();
        sendDueMessages();
        long now = now();
        advancePhase(now);
        if (phase == Phase.DONE) {
            return;
        }
        printDueProgress(now);
        select();
    }

    // --- connecting ---

    private boolean mayStartConnect() {
        return !stopOpening && nextToConnect < connections.length && connecting < spec.maxConnecting();
    }

    private void startDueConnects() {
        for (int started = 0; started < MAX_CONNECTS_PER_TURN && mayStartConnect(); started++) {
            long intended = connectSchedule.offsetNanos(nextToConnect);
            long at = now();
            if (intended > at) {
                return;
            }
            metrics.connectStarted(intended, at);
            startConnect(nextToConnect++, at);
        }
    }

    private void startConnect(int index, long at) {
        SocketChannel channel;
        try {
            channel = SocketChannel.open();
        } catch (IOException e) {
            error(HoldErrorKind.ofConnectFailure(e), messageOf(e));
            return;
        }
        HeldConnection connection = new HeldConnection(index, channel, at);
        connections[index] = connection;
        try {
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            connecting++;
            connectsByStart.addLast(connection);
            if (channel.connect(targets[index % targets.length])) {
                connection.key = channel.register(selector, SelectionKey.OP_READ, connection);
                greet(connection);
            } else {
                connection.key = channel.register(selector, SelectionKey.OP_CONNECT, connection);
            }
        } catch (IOException e) {
            if (connection.opening()) {
                connecting--;
            }
            close(connection);
            error(HoldErrorKind.ofConnectFailure(e), messageOf(e));
        }
    }

    private void finishConnect(HeldConnection connection, long at) {
        try {
            if (!connection.channel.finishConnect()) {
                return;
            }
        } catch (IOException e) {
            connecting--;
            close(connection);
            error(HoldErrorKind.ofConnectFailure(e), messageOf(e));
            return;
        }
        connection.key.interestOps(SelectionKey.OP_READ);
        greet(connection);
    }

    /** Sends the greeting: the connection counts as open once a server thread has echoed it. */
    private void greet(HeldConnection connection) {
        connection.state = HeldConnection.State.GREETING;
        connection.outstanding = HeldConnection.GREETING;
        connection.written = 0;
        connection.echoed = 0;
        writeOutstanding(connection);
    }

    /** The connection owes the messages intended from now on; those of its past are skipped, not sent late. */
    private void opened(HeldConnection connection, long at) {
        connecting--;
        connection.state = HeldConnection.State.OPEN;
        connection.nextMessage = messageSchedule.firstMessageAtOrAfter(connection.index, at);
        open++;
        lastConnected = at;
    }

    private void expireConnects(long now) {
        while (!connectsByStart.isEmpty()) {
            HeldConnection oldest = connectsByStart.peekFirst();
            boolean connectingStill = oldest.opening();
            if (connectingStill && now - oldest.connectStartedNanos < CONNECT_TIMEOUT_NANOS) {
                return;
            }
            connectsByStart.pollFirst();
            if (connectingStill) {
                connecting--;
                close(oldest);
                error(HoldErrorKind.TIMEOUT, (oldest.state == HeldConnection.State.GREETING
                        ? "connected, but no server thread answered within " : "connect not completed within ")
                        + TimeUnit.NANOSECONDS.toSeconds(CONNECT_TIMEOUT_NANOS) + " s");
            }
        }
    }

    // --- messages ---

    /** Walks the schedule's slots up to now; a slot sends only if its connection is open and idle. */
    private void sendDueMessages() {
        long at = now();
        for (int slots = 0, sends = 0; slots < MAX_SLOTS_PER_TURN && sends < MAX_SENDS_PER_TURN; slots++) {
            long due = messageSchedule.slotOffsetNanos(nextSlot);
            if (due > at || due >= holdEnd) {
                return;
            }
            long message = messageSchedule.messageOfSlot(nextSlot);
            HeldConnection connection = connections[messageSchedule.connectionOfSlot(nextSlot)];
            nextSlot++;
            if (connection != null && connection.state == HeldConnection.State.OPEN && !connection.awaitingEcho()
                    && connection.nextMessage <= message) {
                metrics.sentOnSchedule(messageSchedule.offsetNanos(connection.index, connection.nextMessage), at);
                send(connection);
                sends++;
                at = now();
            }
        }
    }

    private void send(HeldConnection connection) {
        connection.outstanding = connection.nextMessage++;
        connection.written = 0;
        connection.echoed = 0;
        outstanding++;
        writeOutstanding(connection);
    }

    /** Writes what is left of the outstanding message; a short write waits for the socket to drain. */
    private void writeOutstanding(HeldConnection connection) {
        HoldMessage.encode(connection.index, connection.outstanding, outgoing);
        outgoing.limit(HoldMessage.BYTES).position(connection.written);
        try {
            connection.written += (byte) connection.channel.write(outgoing);
        } catch (IOException e) {
            drop(connection, HoldErrorKind.ofOpenConnectionFailure(e), messageOf(e));
            return;
        }
        int interest = connection.written < HoldMessage.BYTES
                ? SelectionKey.OP_READ | SelectionKey.OP_WRITE : SelectionKey.OP_READ;
        if (connection.key.interestOps() != interest) {
            connection.key.interestOps(interest);
        }
    }

    private void read(HeldConnection connection, long at) {
        incoming.clear();
        if (connection.awaitingEcho()) {
            incoming.limit(HoldMessage.BYTES - connection.echoed); // never read into the next echo
        }
        int read;
        try {
            read = connection.channel.read(incoming);
        } catch (IOException e) {
            drop(connection, HoldErrorKind.ofOpenConnectionFailure(e), messageOf(e));
            return;
        }
        if (read <= 0) {
            if (read < 0) {
                drop(connection, HoldErrorKind.CLOSED, "the server closed the connection");
            }
            return;
        }
        if (!connection.awaitingEcho() || read > connection.written - connection.echoed) {
            drop(connection, HoldErrorKind.PROTOCOL, read + " bytes came back that were not sent (connection "
                    + connection.index + ")");
            return;
        }
        HoldMessage.encode(connection.index, connection.outstanding, expected);
        if (!HoldMessage.matches(expected, connection.echoed, incoming, read)) {
            drop(connection, HoldErrorKind.PROTOCOL, "the echo of message " + connection.outstanding
                    + " on connection " + connection.index + " differs from what was sent");
            return;
        }
        connection.echoed += (byte) read;
        if (connection.echoed == HoldMessage.BYTES) {
            echoComplete(connection, at);
        }
    }

    /**
     * The round trip counts from the intended send. A next message that fell due while this echo
     * was awaited goes out at once, its round trip also counting from its own intended time.
     */
    private void echoComplete(HeldConnection connection, long at) {
        if (connection.state == HeldConnection.State.GREETING) {
            connection.outstanding = HeldConnection.NO_MESSAGE;
            opened(connection, at);
            return;
        }
        metrics.echoed(messageSchedule.offsetNanos(connection.index, connection.outstanding), at);
        connection.outstanding = HeldConnection.NO_MESSAGE;
        outstanding--;
        long next = messageSchedule.offsetNanos(connection.index, connection.nextMessage);
        if (next <= at && next < holdEnd) {
            send(connection);
        }
    }

    private void onSelected(SelectionKey key) {
        if (!key.isValid()) {
            return;
        }
        HeldConnection connection = (HeldConnection) key.attachment();
        long at = now();
        if (key.isConnectable()) {
            finishConnect(connection, at);
            return;
        }
        if (key.isWritable()) {
            writeOutstanding(connection);
        }
        if ((connection.state == HeldConnection.State.OPEN || connection.state == HeldConnection.State.GREETING)
                && key.isReadable()) {
            read(connection, at);
        }
    }

    // --- ends of connections ---

    /** An open connection failed: counted, closed, no longer held. */
    private void drop(HeldConnection connection, HoldErrorKind kind, String message) {
        if (connection.state == HeldConnection.State.GREETING) {
            connecting--;
        } else {
            if (connection.awaitingEcho()) {
                outstanding--;
            }
            open--;
        }
        close(connection);
        error(kind, message);
    }

    private void close(HeldConnection connection) {
        connection.state = HeldConnection.State.CLOSED;
        connections[connection.index] = null;
        try {
            connection.channel.close();
        } catch (IOException ignored) {
            // closing only releases the descriptor; there is nothing left to report
        }
    }

    private void closeAll() {
        for (HeldConnection connection : connections) {
            if (connection != null) {
                close(connection);
            }
        }
    }

    private void error(HoldErrorKind kind, String message) {
        errors.record(kind, message);
        if (!stopOpening && phase == Phase.RAMP && errors.total() >= spec.stopAfterErrors()) {
            stopOpening = true;
            rampStoppedByErrors = nextToConnect < connections.length;
        }
    }

    private static String messageOf(IOException e) {
        return e.getMessage() != null ? e.getMessage() : e.getClass().getName();
    }

    // --- phases ---

    private void advancePhase(long now) {
        if (phase == Phase.RAMP && connecting == 0 && (nextToConnect == connections.length || stopOpening)) {
            phase = Phase.SETTLE;
            settleEnd = now + spec.settle().toNanos();
            openAtRampEnd = open;
            printProgress(now);
        }
        if (phase == Phase.SETTLE && now >= settleEnd) {
            phase = Phase.HOLD;
            holdStart = now;
            holdEnd = now + spec.hold().toNanos();
            metrics.window(holdStart, holdEnd);
            printProgress(now);
        }
        if (phase == Phase.HOLD && now >= holdEnd) {
            phase = Phase.DRAIN;
            openAtHoldEnd = open;
            rssAtHoldEnd = gauge.rssMegabytes();
            drainEnd = now + Math.max(MIN_DRAIN_NANOS, spec.interval().toNanos());
        }
        boolean allAnswered = outstanding == 0 && messageSchedule.slotOffsetNanos(nextSlot) >= holdEnd;
        if (phase == Phase.DRAIN && (allAnswered || now >= drainEnd)) {
            recordUnanswered(now);
            phase = Phase.DONE;
        }
    }

    /** Every message of the hold still owed by an open connection counts at its age now (see {@link HoldMetrics#unanswered}). */
    private void recordUnanswered(long now) {
        for (HeldConnection connection : connections) {
            if (connection == null || connection.state != HeldConnection.State.OPEN) {
                continue;
            }
            if (connection.awaitingEcho()) {
                metrics.unanswered(messageSchedule.offsetNanos(connection.index, connection.outstanding), now);
            }
            for (long message = connection.nextMessage; ; message++) {
                long intended = messageSchedule.offsetNanos(connection.index, message);
                if (intended >= holdEnd) {
                    break;
                }
                metrics.unanswered(intended, now);
            }
        }
    }

    private void printDueProgress(long now) {
        if ((phase == Phase.RAMP || phase == Phase.SETTLE || phase == Phase.HOLD) && now >= nextProgress) {
            printProgress(now);
            nextProgress = (now / PROGRESS_NANOS + 1) * PROGRESS_NANOS;
        }
    }

    private void printProgress(long now) {
        progress.println(HoldProgress.line(now, open, nextToConnect, errors.total(), phase.name().toLowerCase(Locale.ROOT)));
        progress.flush();
    }

    private void select() throws IOException {
        long wait = nextDeadline() - now();
        if (wait < POLL_BELOW_NANOS) {
            selector.selectNow(onSelected);
        } else {
            selector.select(onSelected, Math.clamp(wait / 1_000_000, 1, MAX_SELECT_MILLIS));
        }
    }

    private long nextDeadline() {
        long next = switch (phase) {
            case RAMP -> nextProgress;
            case SETTLE -> Math.min(nextProgress, settleEnd);
            case HOLD -> Math.min(nextProgress, holdEnd);
            case DRAIN, DONE -> drainEnd;
        };
        long slot = messageSchedule.slotOffsetNanos(nextSlot);
        if (slot < holdEnd) {
            next = Math.min(next, slot);
        }
        if (mayStartConnect()) {
            next = Math.min(next, connectSchedule.offsetNanos(nextToConnect));
        }
        HeldConnection oldest = connectsByStart.peekFirst();
        if (oldest != null) {
            next = Math.min(next, oldest.connectStartedNanos + CONNECT_TIMEOUT_NANOS);
        }
        return next;
    }

    // --- result ---

    private HoldResult result(Double cpuSeconds) {
        Histogram roundTrips = metrics.roundTrips();
        boolean measured = roundTrips.getTotalCount() > 0;
        Double connectSeconds = lastConnected < 0 ? null : lastConnected / 1e9;
        Double connectRate = lastConnected <= 0 ? null : openAtRampEnd / connectSeconds;
        long lagAllowed = Math.max(BEHIND_SCHEDULE_FLOOR_NANOS, spec.interval().toNanos() / 10);
        return new HoldResult(connections.length, openAtHoldEnd, nextToConnect, connectSeconds, connectRate,
                roundTrips.getTotalCount(),
                measured ? millis(roundTrips.getValueAtPercentile(50)) : null,
                measured ? millis(roundTrips.getValueAtPercentile(99)) : null,
                measured ? millis(roundTrips.getMaxValue()) : null,
                metrics.unanswered(), errors.byKind(), errors.first(), cpuSeconds, rssAtHoldEnd,
                metrics.maxSendLagNanos() < 0 ? null : millis(metrics.maxSendLagNanos()),
                metrics.maxConnectLagNanos() < 0 ? null : millis(metrics.maxConnectLagNanos()),
                metrics.maxSendLagInWindowNanos() > lagAllowed, spec.interval().toMillis(), spec.hold().toSeconds(),
                spec.connectRate(), rampStoppedByErrors);
    }

    private static double millis(long nanos) {
        return nanos / 1e6;
    }
}
