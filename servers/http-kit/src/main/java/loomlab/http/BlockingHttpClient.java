package loomlab.http;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * A small blocking HTTP/1.1 GET client on plain sockets, with keep-alive connection pooling. Every
 * call blocks the calling thread in socket reads, which is the point: on a virtual thread the
 * carrier is released while waiting. The pool is a lock-free deque per host, so thousands of
 * concurrent callers do not queue behind a lock. A pooled connection the server has meanwhile closed
 * is retried once on a fresh one (GET is idempotent).
 */
public final class BlockingHttpClient implements AutoCloseable {

    /** A response: its status and body. */
    public record Result(int status, byte[] body) {
        public String bodyText() {
            return new String(body, UTF_8);
        }
    }

    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(5);
    public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(60);
    public static final int DEFAULT_MAX_IDLE_PER_HOST = 4096;
    private static final int READ_BUFFER_SIZE = 8 * 1024;

    private final int connectTimeoutMillis;
    private final int readTimeoutMillis;
    private final int maxIdlePerHost;
    private final Map<String, HostPool> pools = new ConcurrentHashMap<>();
    private final LongAdder connectionsOpened = new LongAdder();
    private volatile boolean closed;

    public BlockingHttpClient() {
        this(DEFAULT_CONNECT_TIMEOUT, DEFAULT_READ_TIMEOUT, DEFAULT_MAX_IDLE_PER_HOST);
    }

    public BlockingHttpClient(Duration connectTimeout, Duration readTimeout, int maxIdlePerHost) {
        this.connectTimeoutMillis = Math.toIntExact(connectTimeout.toMillis());
        this.readTimeoutMillis = Math.toIntExact(readTimeout.toMillis());
        this.maxIdlePerHost = maxIdlePerHost;
    }

    /**
     * GETs an {@code http://} URI and returns the whole response.
     *
     * @throws HttpProtocolException when the server's answer is not valid HTTP
     * @throws IOException when connecting, writing or reading fails, or the read times out
     */
    public Result get(URI uri) throws IOException {
        if (!"http".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalArgumentException("only http://host[:port]/... URIs are supported: " + uri);
        }
        if (closed) {
            throw new IOException("client is closed");
        }
        HostPool pool = pools.computeIfAbsent(uri.getRawAuthority(), authority -> new HostPool(uri));
        byte[] request = requestBytes(uri, pool.hostHeader);
        PooledConnection pooled = pool.idle.pollFirst();
        if (pooled != null) {
            pool.idleCount.decrementAndGet();
            try {
                return exchange(pool, pooled, request);
            } catch (StaleConnectionException stale) {
                // The server closed the idle connection before we reused it: once more on a new one.
            }
        }
        try {
            return exchange(pool, open(pool), request);
        } catch (StaleConnectionException e) {
            throw new IOException("connection closed before a response arrived", e.getCause());
        }
    }

    /** Sockets opened so far; stays flat while keep-alive connections are reused. */
    public long connectionsOpened() {
        return connectionsOpened.sum();
    }

    /** Closes idle connections; connections in use are closed when their call ends. */
    @Override
    public void close() {
        closed = true;
        for (HostPool pool : pools.values()) {
            PooledConnection connection;
            while ((connection = pool.idle.pollFirst()) != null) {
                connection.close();
            }
        }
    }

    private Result exchange(HostPool pool, PooledConnection connection, byte[] request) throws IOException {
        boolean reusable = false;
        try {
            Result result = connection.exchange(request);
            reusable = connection.reusable();
            return result;
        } finally {
            if (reusable) {
                giveBack(pool, connection);
            } else {
                connection.close();
            }
        }
    }

    private void giveBack(HostPool pool, PooledConnection connection) {
        if (!closed && pool.idleCount.incrementAndGet() <= maxIdlePerHost) {
            pool.idle.offerFirst(connection);
            if (closed && pool.idle.remove(connection)) {
                connection.close();
            }
        } else {
            pool.idleCount.decrementAndGet();
            connection.close();
        }
    }

    private PooledConnection open(HostPool pool) throws IOException {
        Socket socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(pool.address, connectTimeoutMillis);
            socket.setSoTimeout(readTimeoutMillis);
            connectionsOpened.increment();
            return new PooledConnection(socket);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    private static byte[] requestBytes(URI uri, String hostHeader) {
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String query = uri.getRawQuery();
        String target = query == null ? path : path + "?" + query;
        return ("GET " + target + " HTTP/1.1\r\nHost: " + hostHeader + "\r\n\r\n").getBytes(ISO_8859_1);
    }

    /** Idle connections to one host:port, most recently used first (warm sockets, fewer stale ones). */
    private static final class HostPool {
        final InetSocketAddress address;
        final String hostHeader;
        final Deque<PooledConnection> idle = new ConcurrentLinkedDeque<>();
        final AtomicInteger idleCount = new AtomicInteger();

        HostPool(URI uri) {
            int port = uri.getPort() < 0 ? 80 : uri.getPort();
            this.address = new InetSocketAddress(uri.getHost(), port);
            this.hostHeader = uri.getRawAuthority();
        }
    }

    /** A reused connection failed before any response byte came back: safe to retry. */
    private static final class StaleConnectionException extends IOException {
        private static final long serialVersionUID = 1L;

        StaleConnectionException(IOException cause) {
            super(cause);
        }
    }

    private static final class PooledConnection {
        private final Socket socket;
        private final InputStream input;
        private final OutputStream output;
        private final byte[] readBuffer = new byte[READ_BUFFER_SIZE];
        private final ResponseParser parser = new ResponseParser();
        private boolean reusable;

        PooledConnection(Socket socket) throws IOException {
            this.socket = socket;
            this.input = socket.getInputStream();
            this.output = socket.getOutputStream();
            parser.captureBody(true);
        }

        Result exchange(byte[] request) throws IOException {
            reusable = false;
            parser.reset();
            boolean receivedAny = false;
            try {
                output.write(request);
                while (true) {
                    int read = input.read(readBuffer);
                    if (read < 0) {
                        parser.endOfStream();
                        return new Result(parser.status(), parser.body());
                    }
                    receivedAny = true;
                    ByteBuffer bytes = ByteBuffer.wrap(readBuffer, 0, read);
                    if (parser.feed(bytes) == ResponseParser.Outcome.COMPLETE) {
                        // Bytes after the response were never asked for: do not trust this connection again.
                        reusable = parser.keepAlive() && !bytes.hasRemaining();
                        return new Result(parser.status(), parser.body());
                    }
                }
            } catch (SocketTimeoutException slowServer) {
                throw slowServer;
            } catch (IOException e) {
                // With no byte received, the only possible protocol error is "closed before any response".
                throw receivedAny ? e : new StaleConnectionException(e);
            }
        }

        boolean reusable() {
            return reusable;
        }

        void close() {
            try {
                socket.close();
            } catch (IOException ignored) {
                // Closing is all that was wanted.
            }
        }
    }
}
