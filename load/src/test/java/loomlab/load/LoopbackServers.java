package loomlab.load;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/** Tiny targets on 127.0.0.1, port 0, that the tests start and always close. */
final class LoopbackServers {

    private LoopbackServers() {
    }

    /** The JDK's HTTP server on virtual threads; counts requests and the client ports they came from. */
    static final class Http implements AutoCloseable {
        private final HttpServer server;
        private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
        private final AtomicInteger requests = new AtomicInteger();
        private final Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();

        Http(HttpHandler handler) {
            try {
                server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 512);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            server.createContext("/", exchange -> {
                requests.incrementAndGet();
                clientPorts.add(exchange.getRemoteAddress().getPort());
                handler.handle(exchange);
            });
            server.setExecutor(executor);
            server.start();
        }

        /** Answers 200 with a short body. */
        static Http hello() {
            return withStatus(200);
        }

        static Http withStatus(int status) {
            return new Http(exchange -> respond(exchange, status, "hello"));
        }

        URI url(String path) {
            return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
        }

        int requests() {
            return requests.get();
        }

        int distinctClientPorts() {
            return clientPorts.size();
        }

        @Override
        public void close() {
            server.stop(0);
            executor.shutdownNow();
            executor.close();
        }
    }

    static void respond(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.US_ASCII);
        exchange.getRequestBody().readAllBytes();
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** What a raw server does with each accepted socket. */
    @FunctionalInterface
    interface Behaviour {
        void serve(Socket socket) throws IOException;
    }

    /** A plain socket server for targets that do not speak HTTP properly. */
    static final class Raw implements AutoCloseable {
        private final ServerSocket listener;
        private final List<Socket> accepted = new CopyOnWriteArrayList<>();
        private final Thread acceptor;

        Raw(Behaviour behaviour) {
            try {
                listener = new ServerSocket(0, 512, InetAddress.getLoopbackAddress());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            acceptor = Thread.ofVirtual().start(() -> {
                while (!listener.isClosed()) {
                    try {
                        Socket socket = listener.accept();
                        accepted.add(socket);
                        Thread.ofVirtual().start(() -> {
                            try (socket) {
                                behaviour.serve(socket);
                            } catch (IOException e) {
                                // the client went away: fine for a misbehaving test target
                            }
                        });
                    } catch (IOException e) {
                        return; // listener closed
                    }
                }
            });
        }

        /** Reads the request head, writes {@code reply}, closes. */
        static Raw replying(String reply) {
            return new Raw(socket -> {
                readHead(socket.getInputStream());
                socket.getOutputStream().write(reply.getBytes(StandardCharsets.ISO_8859_1));
            });
        }

        URI url(String path) {
            return URI.create("http://127.0.0.1:" + listener.getLocalPort() + path);
        }

        @Override
        public void close() throws InterruptedException {
            try {
                listener.close();
            } catch (IOException e) {
                // closing anyway
            }
            for (Socket socket : accepted) {
                try {
                    socket.close();
                } catch (IOException e) {
                    // closing anyway
                }
            }
            acceptor.join();
        }
    }

    /** Reads up to the blank line that ends a request head. */
    static void readHead(InputStream in) throws IOException {
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        for (int b; matched < end.length && (b = in.read()) >= 0; ) {
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
    }

    /** A loopback port with nothing listening: connections are refused. */
    static URI refusedUrl() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
