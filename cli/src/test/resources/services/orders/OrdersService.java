package orders;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A test's own service on the JDK's HTTP server and plain JDBC: {@code POST /orders} with a JSON body
 * {@code {"item": N}} inserts a row; {@code GET /health} answers 200. It prints how many orders its
 * database held when it started and when it stopped, so a test can tell that every arm started from the
 * same rows and that the POSTs wrote some. Arguments: {@code --port P --threads platform|virtual --pool N
 * --db JDBC_URL --user U --password P}.
 */
public final class OrdersService {
    private static final Pattern ITEM = Pattern.compile("\"item\"\\s*:\\s*(\\d+)");

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(arg(args, "--port"));
        boolean virtual = arg(args, "--threads").equals("virtual");
        int pool = Integer.parseInt(arg(args, "--pool"));
        String url = arg(args, "--db");
        String user = arg(args, "--user");
        String password = arg(args, "--password");
        BlockingQueue<Connection> connections = new ArrayBlockingQueue<>(8);
        for (int i = 0; i < 8; i++) {
            connections.add(DriverManager.getConnection(url, user, password));
        }
        System.out.println("orders at start: " + count(connections));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("orders at stop: "
                + count(connections))));
        ExecutorService executor = virtual ? Executors.newVirtualThreadPerTaskExecutor()
                : Executors.newFixedThreadPool(pool);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
        server.createContext("/health", exchange -> answer(exchange, 200, "ok"));
        server.createContext("/orders", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            Matcher item = ITEM.matcher(body);
            if (!exchange.getRequestMethod().equals("POST") || !item.find()
                    || !"application/json".equals(exchange.getRequestHeaders().getFirst("Content-Type"))) {
                answer(exchange, 400, "POST a JSON order {\"item\": N}");
                return;
            }
            Connection connection = null;
            try {
                connection = connections.take();
                try (PreparedStatement insert = connection.prepareStatement("INSERT INTO orders (item) VALUES (?)")) {
                    insert.setInt(1, Integer.parseInt(item.group(1)));
                    insert.executeUpdate();
                }
                answer(exchange, 201, "{\"placed\": true}");
            } catch (InterruptedException | SQLException e) {
                answer(exchange, 500, e.toString());
            } finally {
                if (connection != null) {
                    connections.add(connection);
                }
            }
        });
        server.setExecutor(executor);
        server.start();
        System.out.println("listening on " + port);
    }

    private static long count(BlockingQueue<Connection> connections) {
        Connection connection = connections.peek();
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT count(*) FROM orders")) {
            rows.next();
            return rows.getLong(1);
        } catch (SQLException e) {
            return -1;
        }
    }

    private static void answer(HttpExchange exchange, int status, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static String arg(String[] args, String name) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        throw new IllegalArgumentException("missing " + name);
    }
}
