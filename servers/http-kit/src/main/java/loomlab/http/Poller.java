package loomlab.http;

import java.io.IOException;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The one selector thread where idle connections wait, as in Tomcat's NIO connector. When a
 * connection becomes ready the poller clears its interest and hands it to the request executor;
 * the executor thread gives it back with {@link #await} when done.
 */
final class Poller implements Runnable {
    private static final long SELECT_TIMEOUT_MILLIS = 1000;

    private final Selector selector;
    private final Executor executor;
    private final Queue<Connection> newConnections = new ConcurrentLinkedQueue<>();
    /**
     * -1 while the poller blocks in select; other threads increment it and call the costly
     * {@link Selector#wakeup()} only on the transition to 0 (Tomcat's trick). A positive value tells
     * the poller that work arrived, so its next select must not block.
     */
    private final AtomicLong wakeupCounter = new AtomicLong();
    private volatile boolean open = true;

    Poller(Executor executor) throws IOException {
        this.selector = Selector.open();
        this.executor = executor;
    }

    boolean isOpen() {
        return open;
    }

    void register(Connection connection) {
        newConnections.add(connection);
        wakeup();
    }

    /** Waits for {@code interest} (OP_READ or OP_WRITE) on the connection's key, then dispatches it again. */
    void await(SelectionKey key, int interest) {
        key.interestOps(interest);
        wakeup();
    }

    void wakeup() {
        if (wakeupCounter.incrementAndGet() == 0) {
            selector.wakeup();
        }
    }

    @Override
    public void run() {
        try {
            while (open) {
                registerNewConnections();
                if (wakeupCounter.getAndSet(-1) > 0) {
                    selector.selectNow(this::dispatch);
                } else {
                    selector.select(this::dispatch, SELECT_TIMEOUT_MILLIS);
                }
                wakeupCounter.set(0);
            }
        } catch (IOException | ClosedSelectorException e) {
            // The selector broke or was closed under us: nothing more can be polled.
        } finally {
            closeEverything();
        }
    }

    private void registerNewConnections() {
        Connection connection;
        while ((connection = newConnections.poll()) != null) {
            try {
                connection.attach(connection.channel().register(selector, SelectionKey.OP_READ, connection));
            } catch (ClosedChannelException | CancelledKeyException e) {
                connection.close();
            }
        }
    }

    private void dispatch(SelectionKey key) {
        Connection connection = (Connection) key.attachment();
        try {
            key.interestOps(0);
            executor.execute(connection);
        } catch (CancelledKeyException | RejectedExecutionException e) {
            connection.close();
        }
    }

    /** Asks the poller thread to stop; it closes every connection still registered on its way out. */
    void close() {
        open = false;
        selector.wakeup();
    }

    /** Runs on the poller thread, the only one allowed to walk the selector's key set. */
    private void closeEverything() {
        open = false;
        for (SelectionKey key : selector.keys()) {
            ((Connection) key.attachment()).abort();
        }
        Connection pending;
        while ((pending = newConnections.poll()) != null) {
            pending.abort();
        }
        try {
            selector.close();
        } catch (IOException ignored) {
            // Nothing left to release.
        }
    }
}
