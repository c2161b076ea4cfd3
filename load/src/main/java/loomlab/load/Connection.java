package loomlab.load;

import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import loomlab.http.HttpProtocolException;
import loomlab.http.ResponseParser;

/**
 * One client connection and the request it carries: connect, write the pre-encoded request, read
 * the response through the shared parser. Reused across requests (and across channels, when the
 * server or keep-alive policy closes one), so the steady state allocates nothing.
 */
final class Connection extends DeadlineQueue.Entry {
    private static final int MAX_READS_PER_EVENT = 16;

    private enum ChannelState { CLOSED, CONNECTING, OPEN }

    private final EventLoop loop;
    /** This connection's own view of each pre-encoded request, so a partial write keeps its place. */
    private final ByteBuffer[] requests;
    private ByteBuffer request;
    private final ResponseParser parser = new ResponseParser();

    private SocketChannel channel;
    private SelectionKey key;
    private ChannelState channelState = ChannelState.CLOSED;
    private boolean writePending;

    private boolean busy;
    private boolean channelReused;
    /** Whether the channel has carried a whole answer: only then is it known that the server accepted it. */
    private boolean channelAnswered;
    private long responseBytes;
    private long intendedNanos;
    private long sentNanos;
    private int target;
    private boolean measured;
    private boolean waitedForConnection;

    Connection(EventLoop loop, ByteBuffer[] requests) {
        this.loop = loop;
        this.requests = new ByteBuffer[requests.length];
        for (int i = 0; i < requests.length; i++) {
            this.requests[i] = requests[i].duplicate();
        }
        this.request = this.requests[0];
    }

    long intendedNanos() {
        return intendedNanos;
    }

    long sentNanos() {
        return sentNanos;
    }

    boolean measured() {
        return measured;
    }

    boolean waitedForConnection() {
        return waitedForConnection;
    }

    /** True while the channel's TCP handshake has not completed: the server has not accepted it yet. */
    boolean connecting() {
        return channelState == ChannelState.CONNECTING;
    }

    /**
     * True while the channel has carried no answer yet: still in its handshake, or connected without the
     * server's having answered anything on it. Linux drops a handshake's last ACK at a full accept queue,
     * so a connect that succeeded does not say the server accepted the connection; an answer does.
     */
    boolean freshChannel() {
        return channelState != ChannelState.CLOSED && !channelAnswered;
    }

    /** Which target of the run's path mix the request in flight asks for. */
    int target() {
        return target;
    }

    /** Sends the request now, on this connection's open channel or a new one. */
    void send(long intendedNanos, boolean measured) {
        send(intendedNanos, measured, false);
    }

    /**
     * @param waitedForConnection the arrival found no connection ready when it was due, so how late it
     *                            goes out is not the event loop's own lateness
     */
    void send(long intendedNanos, boolean measured, boolean waitedForConnection) {
        long now = System.nanoTime();
        this.intendedNanos = intendedNanos;
        this.sentNanos = now;
        this.measured = measured;
        this.waitedForConnection = waitedForConnection;
        target = loop.nextTarget();
        request = requests[target];
        busy = true;
        responseBytes = 0;
        parser.reset();
        loop.requestStarted(this, now);
        switch (channelState) {
            case OPEN -> {
                channelReused = true;
                startWrite();
            }
            case CONNECTING -> channelReused = false; // a connection opened ahead of time: writes once connected
            case CLOSED -> {
                channelReused = false;
                connect();
            }
        }
    }

    /** Opens the channel ahead of any request, so the first one does not pay for the handshake. */
    void preconnect() {
        if (channelState == ChannelState.CLOSED) {
            connect();
        }
    }

    /**
     * Called by the loop when its timeout queue says this request is overdue. Still connecting means
     * the target is unreachable (its SYNs go unanswered): a connect error, backed off like a refusal.
     */
    void timedOut(long now) {
        ErrorKind kind = channelState == ChannelState.CONNECTING ? ErrorKind.CONNECT : ErrorKind.TIMEOUT;
        closeChannel();
        busy = false;
        loop.requestFailed(this, kind, now);
    }

    void onSelected(SelectionKey selected) {
        if (selected != key || !selected.isValid()) {
            return; // an event for a channel this connection has already closed
        }
        int ready = selected.readyOps();
        if (channelState == ChannelState.CONNECTING) {
            if ((ready & SelectionKey.OP_CONNECT) != 0) {
                finishConnect();
            }
            return;
        }
        if ((ready & SelectionKey.OP_WRITE) != 0 && writePending) {
            writeSome();
        }
        if ((ready & SelectionKey.OP_READ) != 0 && selected == key) {
            read();
        }
    }

    void close() {
        closeChannel();
    }

    private void connect() {
        try {
            channel = SocketChannel.open();
            channelAnswered = false;
            changeChannelState(ChannelState.CONNECTING);
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            boolean connected = channel.connect(loop.address());
            key = channel.register(loop.selector(), connected ? SelectionKey.OP_READ : SelectionKey.OP_CONNECT, this);
            if (connected) {
                connected();
            }
        } catch (IOException e) {
            connectFailed();
        }
    }

    private void finishConnect() {
        try {
            if (!channel.finishConnect()) {
                return; // not yet: a spurious wake-up
            }
        } catch (IOException e) {
            connectFailed();
            return;
        }
        key.interestOps(SelectionKey.OP_READ);
        connected();
    }

    private void connected() {
        changeChannelState(ChannelState.OPEN);
        if (busy) {
            startWrite();
        }
    }

    private void connectFailed() {
        closeChannel();
        if (busy) {
            busy = false;
            loop.requestFailed(this, ErrorKind.CONNECT, System.nanoTime());
        }
    }

    private void startWrite() {
        request.rewind();
        writeSome();
    }

    private void writeSome() {
        try {
            channel.write(request);
        } catch (IOException e) {
            exchangeBroken();
            return;
        }
        boolean pending = request.hasRemaining();
        if (pending != writePending) {
            writePending = pending;
            key.interestOps(pending ? SelectionKey.OP_READ | SelectionKey.OP_WRITE : SelectionKey.OP_READ);
        }
    }

    private void read() {
        ByteBuffer buffer = loop.readBuffer();
        for (int reads = 0; reads < MAX_READS_PER_EVENT; reads++) {
            buffer.clear();
            int count;
            try {
                count = channel.read(buffer);
            } catch (IOException e) {
                count = -1; // reset by the peer: for the exchange, the same as a close
            }
            if (count == 0) {
                return;
            }
            if (!busy) {
                closeChannel(); // an idle channel closed by the server, or bytes nobody asked for
                return;
            }
            if (count < 0) {
                exchangeBroken();
                return;
            }
            responseBytes += count;
            buffer.flip();
            try {
                if (parser.feed(buffer) == ResponseParser.Outcome.COMPLETE) {
                    complete(buffer.hasRemaining());
                    return;
                }
            } catch (HttpProtocolException e) {
                fail(ErrorKind.PROTOCOL);
                return;
            }
        }
    }

    /** The connection ended early: maybe a complete close-delimited response, maybe a stale keep-alive channel. */
    private void exchangeBroken() {
        if (responseBytes == 0 && channelReused) {
            // The server closed an idle keep-alive channel as we reused it: nothing was answered, so
            // send again, once, on a fresh channel. A server closes only a channel with no request in
            // progress, so the one it closed never read this one: a POST goes out once all the same.
            closeChannel();
            channelReused = false;
            connect();
            return;
        }
        try {
            if (parser.endOfStream() == ResponseParser.Outcome.COMPLETE) {
                complete(true);
                return;
            }
        } catch (HttpProtocolException e) {
            // falls through: cut short
        }
        fail(ErrorKind.PROTOCOL);
    }

    /** @param unexpectedBytes the server sent more than one response, so the channel cannot be trusted */
    private void complete(boolean unexpectedBytes) {
        long done = System.nanoTime();
        channelAnswered = true;
        if (unexpectedBytes) {
            closeChannel();
        } else if (!parser.keepAlive()) {
            releaseToServerClose();
        } else if (!loop.keepAlive()) {
            closeChannel();
        }
        busy = false;
        loop.requestCompleted(this, parser.status(), done);
    }

    private void fail(ErrorKind kind) {
        closeChannel();
        busy = false;
        loop.requestFailed(this, kind, System.nanoTime());
    }

    /**
     * The server said it will close: let it close first, so that TIME_WAIT stays on its side and a
     * long run without keep-alive does not run out of client ports. The loop closes it on EOF.
     */
    private void releaseToServerClose() {
        if (channelState == ChannelState.OPEN) {
            loop.drainUntilClosed(key);
        }
        forgetChannel();
    }

    private void closeChannel() {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                // closing a socket we are done with: nothing useful to do about a failure
            }
        }
        forgetChannel();
    }

    private void forgetChannel() {
        channel = null;
        key = null;
        changeChannelState(ChannelState.CLOSED);
        writePending = false;
    }

    private void changeChannelState(ChannelState next) {
        if (channelState == ChannelState.CONNECTING && next != ChannelState.CONNECTING) {
            loop.handshakeEnded();
        } else if (channelState != ChannelState.CONNECTING && next == ChannelState.CONNECTING) {
            loop.handshakeStarted();
        }
        channelState = next;
    }
}
