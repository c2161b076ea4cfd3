package rates;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A user's service whose class initialiser waits for work it hands to virtual threads, as diagnose's
 * tests meet it: the JDK's HTTP server on virtual threads. {@code /rate} answers the rate of a currency
 * from a table that {@link Rates}' static initialiser fills, one currency a task on a virtual thread each,
 * waiting for them all. Each task parses its rate with {@link Rates#parse}, a method of the class being
 * initialised, so it waits for that initialisation to end, which waits for it: the first request never
 * answers, and every later one waits for the class too.
 *
 * <p>A deadlock on every JDK and on platform threads too. On virtual threads it also holds carriers: the
 * initialiser is parked inside {@code <clinit>}, which pins its carrier on every release (JEP 491 did not
 * change that), and so is each task that waits for the class. Compiled by the test with {@code --release 21}.
 */
public final class RatesService {
    /**
     * How long the initialiser reads its currencies before it hands out the work: requests that arrive
     * meanwhile wait for the class on the other carrier, ahead of the tasks (which, on a carrier, would show
     * no frame of the service's while they wait for the class).
     */
    static final long CURRENCIES_MILLIS = 500;

    public static void main(String[] args) throws IOException {
        int port = Integer.parseInt(option(args, "--port"));
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1024);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/rate", RatesService::rate);
        server.start();
        System.out.println("rates listening on " + server.getAddress().getPort() + " with virtual threads");
    }

    static void rate(HttpExchange exchange) throws IOException {
        String currency = exchange.getRequestURI().getQuery() == null ? "EUR" : exchange.getRequestURI().getQuery();
        byte[] body = (currency + " " + Rates.TABLE.getOrDefault(currency, 0) + "\n").getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    /** Exchange rates, loaded once, in parallel, when the class is first used. */
    static final class Rates {
        static final Map<String, Integer> TABLE = new LinkedHashMap<>();

        static {
            List<String> currencies = currencies();
            ExecutorService loaders = Executors.newVirtualThreadPerTaskExecutor();
            List<Future<Integer>> loading = new ArrayList<>();
            for (String currency : currencies) {
                loading.add(loaders.submit(() -> parse(currency + "=" + currency.length())));
            }
            try {
                for (int i = 0; i < currencies.size(); i++) {
                    TABLE.put(currencies.get(i), loading.get(i).get());
                }
            } catch (InterruptedException | ExecutionException e) {
                throw new IllegalStateException(e);
            }
        }

        /** The currencies it quotes, read first, in the time a file or a remote call takes. */
        private static List<String> currencies() {
            try {
                Thread.sleep(CURRENCIES_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return List.of("EUR", "USD", "GBP", "CHF");
        }

        static int parse(String entry) {
            return Integer.parseInt(entry.substring(entry.indexOf('=') + 1));
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
