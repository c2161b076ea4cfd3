package loomlab.http;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One client connection. It belongs to exactly one thread at a time: the poller while it waits for
 * bytes (or for room to write), or a request-executor thread after the poller hands it over. That
 * thread reads and parses one request, runs the handler, writes the response and gives the
 * connection back to the poller, so an idle keep-alive connection never holds a pool thread.
 */
final class Connection implements Runnable {
    private final SocketChannel channel;
    private final Poller poller;
    private final Handler handler;
    private final ServerStats stats;
    private final BufferPool buffers;
    private final RequestParser parser = new RequestParser();
    private final ResponseWriter writer;
    private final AtomicBoolean closed = new AtomicBoolean();
    private SelectionKey key;
    /** Pooled while reading; kept in read mode between uses. */
    private ByteBuffer in;
    /** A response is partly written and waits for the socket to drain. */
    private boolean writing;
    private boolean closeAfterWrite;
    private boolean requestInFlight;

    Connection(SocketChannel channel, Poller poller, Handler handler, ServerStats stats, BufferPool buffers) {
        this.channel = channel;
        this.poller = poller;
        this.handler = handler;
        this.stats = stats;
        this.buffers = buffers;
        this.writer = new ResponseWriter(buffers);
    }

    SocketChannel channel() {
        return channel;
    }

    void attach(SelectionKey key) {
        this.key = key;
    }

    /** Runs on an executor thread once the poller saw the channel readable (or writable). */
    @Override
    public void run() {
        try {
            if (writing && !finishWriting()) {
                return;
            }
            serveRequests();
        } catch (IOException | RuntimeException e) {
            // A peer that vanished or a server shutting down: nobody is left to tell.
            close();
        }
    }

    private void serveRequests() throws IOException {
        while (true) {
            if (in == null || !in.hasRemaining()) {
                int read = readMore();
                if (read < 0) {
                    close();
                    return;
                }
                if (read == 0) {
                    returnToPoller(SelectionKey.OP_READ);
                    return;
                }
            }
            boolean complete;
            try {
                complete = parser.feed(in);
            } catch (HttpProtocolException malformed) {
                startResponse(Response.text(malformed.status(), "bad request: " + malformed.getMessage() + "\n"), false,
                        false, false);
                finishWriting();
                return;
            }
            if (complete) {
                HttpRequest request = parser.request();
                parser.reset();
                stats.requestStarted();
                requestInFlight = true;
                boolean keepAlive = request.keepAlive() && poller.isOpen();
                Response response = answer(request);
                stats.requestAnswered();
                startResponse(response, keepAlive, request.isHttp10(), "HEAD".equals(request.method()));
                if (!finishWriting()) {
                    return;
                }
                if (!in.hasRemaining()) {
                    // The client is waiting for this response before sending more: go idle without a read that would find nothing.
                    returnToPoller(SelectionKey.OP_READ);
                    return;
                }
            }
        }
    }

    private int readMore() throws IOException {
        if (in == null) {
            in = buffers.acquire();
        }
        in.clear();
        int read = channel.read(in);
        in.flip();
        return read;
    }

    private Response answer(HttpRequest request) {
        try {
            Response response = handler.handle(request);
            return response != null ? response : Response.text(500, "handler returned no response\n");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Response.text(503, "server shutting down\n");
        } catch (Exception e) {
            return Response.text(500, "handler failed: " + e + "\n");
        }
    }

    private void startResponse(Response response, boolean keepAlive, boolean http10, boolean headOnly) {
        writer.start(response, keepAlive, http10 && keepAlive, headOnly);
        writing = true;
        closeAfterWrite = !keepAlive;
    }

    /** Writes what the socket takes; false when the connection is now the poller's or closed. */
    private boolean finishWriting() throws IOException {
        if (!writer.writeTo(channel)) {
            returnToPoller(SelectionKey.OP_WRITE);
            return false;
        }
        writing = false;
        if (requestInFlight) {
            requestInFlight = false;
            stats.requestFinished();
        }
        if (closeAfterWrite) {
            channel.shutdownOutput();
            close();
            return false;
        }
        return true;
    }

    /** Hands the connection back to the poller; after this the current thread must not touch it. */
    private void returnToPoller(int interest) {
        if (in != null && !in.hasRemaining()) {
            buffers.release(in);
            in = null;
        }
        poller.await(key, interest);
    }

    /** Closes from the owning thread: releases buffers and counts the connection gone. */
    void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        if (requestInFlight) {
            requestInFlight = false;
            stats.requestFinished();
        }
        writer.release();
        if (in != null) {
            buffers.release(in);
            in = null;
        }
        abort();
        stats.connectionClosed();
        poller.wakeup();
    }

    /** Closes the socket from any thread (server shutdown); the owner, if any, fails on its next I/O. */
    void abort() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // Closing is all that was wanted.
        }
    }
}
