package loomlab.http;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.URI;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import loomlab.threads.ExecutorMode;

/**
 * An HTTP/1.1 server on 127.0.0.1 built like Tomcat's NIO connector: an accept thread, one poller
 * thread where idle keep-alive connections wait, and a request executor of the chosen
 * {@link ExecutorMode} that holds a thread per request, not per connection. So a platform:10 server
 * serves any number of keep-alive clients, ten requests at a time.
 */
public final class HttpServerCore implements RunningServer {
    private static final int ACCEPT_BACKLOG = 4096;
    private static final int BUFFERS_RETAINED = 1024;
    private static final long ACCEPT_FAILURE_PAUSE_MILLIS = 50;
    /**
     * How long close() waits for the interrupted handlers to end once every connection is closed: a
     * handler with no connection left has nothing to answer, and ends within milliseconds unless it
     * cannot (a deadlocked one, which would hold the hung server's stop for as long as this is: so it
     * is short; docs/measurements.md, "Why the quick windows are as they are").
     */
    private static final long HANDLERS_END_WITHIN_MILLIS = 200;

    private final ServerConfig config;
    private final ServerStats stats;
    private final ServerSocketChannel serverChannel;
    private final ExecutorService executor;
    private final Poller poller;
    private final BufferPool buffers = new BufferPool(BUFFERS_RETAINED);
    private final Handler handler;
    private final Thread acceptor;
    private final Thread pollerThread;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final CountDownLatch closedLatch = new CountDownLatch(1);
    private final int port;

    private HttpServerCore(ServerConfig config, Handler handler, ServerStats stats, ServerSocketChannel serverChannel)
            throws IOException {
        this.config = config;
        this.handler = handler;
        this.stats = stats;
        this.serverChannel = serverChannel;
        this.port = ((InetSocketAddress) serverChannel.getLocalAddress()).getPort();
        this.executor = config.mode().newExecutor(config.name());
        this.poller = new Poller(executor);
        this.pollerThread = platformThread(config.name() + "-poller", poller);
        this.acceptor = platformThread(config.name() + "-acceptor", this::acceptLoop);
    }

    /**
     * Binds {@code config.bind()}:{@code config.port()} (127.0.0.1 unless told otherwise) and starts serving.
     *
     * @throws PortInUseException when the port is taken
     */
    public static HttpServerCore start(ServerConfig config, Handler handler, ServerStats stats) throws IOException {
        ServerSocketChannel channel = ServerSocketChannel.open();
        try {
            channel.bind(new InetSocketAddress(config.bind(), config.port()), ACCEPT_BACKLOG);
        } catch (BindException e) {
            channel.close();
            throw new PortInUseException(config.port());
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        HttpServerCore server = new HttpServerCore(config, handler, stats, channel);
        server.pollerThread.start();
        server.acceptor.start();
        return server;
    }

    public int port() {
        return port;
    }

    @Override
    public URI baseUri() {
        String host = config.bind().getHostAddress();
        return URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port);
    }

    public ServerStats stats() {
        return stats;
    }

    public ExecutorMode mode() {
        return config.mode();
    }

    @Override
    public void awaitClosed() throws InterruptedException {
        closedLatch.await();
    }

    /** Stops accepting, closes every connection and the selector, and stops the executor. Idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            closeQuietly(serverChannel);
            poller.close();
            joinQuietly(acceptor);
            joinQuietly(pollerThread);
            executor.shutdownNow();
            executor.awaitTermination(HANDLERS_END_WITHIN_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            closedLatch.countDown();
        }
    }

    private void acceptLoop() {
        while (serverChannel.isOpen()) {
            try {
                SocketChannel channel = serverChannel.accept();
                channel.configureBlocking(false);
                channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
                stats.connectionOpened();
                poller.register(new Connection(channel, poller, handler, stats, buffers));
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                // Typically out of file descriptors: pause instead of spinning, then keep accepting.
                pause();
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(ACCEPT_FAILURE_PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Thread platformThread(String name, Runnable task) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        return thread;
    }

    private static void joinQuietly(Thread thread) throws InterruptedException {
        thread.join(TimeUnit.SECONDS.toMillis(2));
    }

    private static void closeQuietly(ServerSocketChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // Closing is all that was wanted.
        }
    }

}
