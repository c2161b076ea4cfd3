package relay;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.http.client.methods.CloseableHttpResponse;
import org.apache.http.client.methods.HttpGet;
import org.apache.http.impl.client.CloseableHttpClient;
import org.apache.http.impl.client.HttpClients;
import org.apache.http.impl.conn.PoolingHttpClientConnectionManager;
import org.apache.http.util.EntityUtils;

/**
 * A user's service that calls another over HTTP with Apache HttpClient 4.5, as the assessment's and
 * diagnose's tests meet it: the JDK's HTTP server, its request threads switched by
 * {@code --threads platform|virtual}. {@code /quote} asks a downstream price service for a price through
 * one shared client whose pool keeps {@value #CONNECTIONS} connections, and answers with it. The
 * downstream service runs in the same JVM on a pool of platform threads of its own, on a port of its
 * own, and takes {@value #DOWNSTREAM_MILLIS} ms to answer, as a remote one would.
 *
 * <p>On JDK 21 with virtual threads this hangs in HttpClient's pool. A caller that finds both connections
 * leased waits for one in {@code AbstractConnPool.getPoolEntryBlocking}, on a condition, inside the
 * {@code synchronized} of the pool's lease future (HTTPCORE-746): it waits pinned. The two callers that
 * hold the connections read their answers off their carriers; once two waiters hold both carriers, the
 * answers arrive and their readers have no carrier left to run on, so no connection comes back. On JDK
 * 24 and later a virtual thread that parks inside {@code synchronized} gives its carrier back, and the
 * callers take the connections in turn. Compiled by the test with {@code --release 21}.
 */
public final class RelayService {
    static final int CONNECTIONS = 2;
    static final long DOWNSTREAM_MILLIS = 5;

    private static CloseableHttpClient client;
    private static String priceUrl;

    public static void main(String[] args) throws IOException {
        int port = Integer.parseInt(option(args, "--port"));
        String threads = option(args, "--threads");
        int pool = Integer.parseInt(option(args, "--pool"));
        ExecutorService executor = switch (threads) {
            case "virtual" -> Executors.newVirtualThreadPerTaskExecutor();
            case "platform" -> Executors.newFixedThreadPool(pool);
            default -> {
                System.err.println("--threads must be platform or virtual, not '" + threads + "'");
                System.exit(2);
                yield null;
            }
        };
        HttpServer prices = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        prices.setExecutor(Executors.newFixedThreadPool(8, Thread.ofPlatform().name("prices-", 0).factory()));
        prices.createContext("/price", RelayService::price);
        prices.start();
        priceUrl = "http://127.0.0.1:" + prices.getAddress().getPort() + "/price";

        PoolingHttpClientConnectionManager connections = new PoolingHttpClientConnectionManager();
        connections.setMaxTotal(CONNECTIONS);
        connections.setDefaultMaxPerRoute(CONNECTIONS);
        client = HttpClients.custom().setConnectionManager(connections).build();

        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1024);
        server.setExecutor(executor);
        server.createContext("/quote", RelayService::quote);
        server.start();
        System.out.println("relay listening on " + server.getAddress().getPort() + " with " + threads + " threads");
    }

    static void quote(HttpExchange exchange) throws IOException {
        String price;
        try (CloseableHttpResponse response = client.execute(new HttpGet(priceUrl))) {
            price = EntityUtils.toString(response.getEntity(), StandardCharsets.UTF_8);
        }
        respond(exchange, "quote: " + price);
    }

    /** The downstream service: a price, after the time a remote service takes. */
    static void price(HttpExchange exchange) throws IOException {
        try {
            Thread.sleep(DOWNSTREAM_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        respond(exchange, "42\n");
    }

    private static void respond(HttpExchange exchange, String text) throws IOException {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private static String option(String[] args, String name) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        System.err.println("missing " + name);
        System.exit(2);
        return null;
    }
}
