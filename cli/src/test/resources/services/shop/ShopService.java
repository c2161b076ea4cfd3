package shop;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A user's service as the assessment's tests meet it: the JDK's own HTTP server, no framework, its
 * request threads switched by {@code --threads platform|virtual}. Two paths, each with a flaw a
 * review would miss:
 * <ul>
 *   <li>{@code /checkout} takes the one stock permit (a {@link Semaphore}) inside {@code synchronized}
 *   on the request's own cart, then sleeps 20 ms holding it. On JDK 21 a virtual thread parked on the
 *   permit inside {@code synchronized} keeps its carrier; once every carrier is held so, the permit's
 *   holder, asleep off its carrier, can never run again to give it back.</li>
 *   <li>{@code /pay} answers in 2 ms, but one call in {@value #SLOW_EVERY} falls back to a slow
 *   payment provider, one caller at a time, and waits 4 s there, at a frame of its own (AssessBreakageIT).</li>
 * </ul>
 * Compiled by the test with {@code --release 21} and run on JDK 21 and 25.
 */
public final class ShopService {
    static final int SLOW_EVERY = 1_000;
    private static final Semaphore STOCK = new Semaphore(1);
    private static final AtomicLong PAYMENTS = new AtomicLong();

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
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1024);
        server.setExecutor(executor);
        server.createContext("/checkout", exchange -> answer(exchange, ShopService::checkout));
        server.createContext("/pay", exchange -> answer(exchange, ShopService::pay));
        server.start();
        System.out.println("shop listening on " + port + " with " + threads + " threads");
    }

    static String checkout() throws InterruptedException {
        Object cart = new Object();
        synchronized (cart) {
            STOCK.acquire();
        }
        try {
            Thread.sleep(20);
        } finally {
            STOCK.release();
        }
        return "ordered";
    }

    static String pay() throws InterruptedException {
        // One caller at a time is sent to the slow provider: slow calls that overlapped would share its
        // frame, and a platform thread is singled out only by a frame no other thread holds throughout.
        if (PAYMENTS.incrementAndGet() % SLOW_EVERY == 0 && SLOW_BUSY.compareAndSet(false, true)) {
            try {
                return slowProvider();
            } finally {
                SLOW_BUSY.set(false);
            }
        }
        Thread.sleep(2);
        return "paid";
    }

    private static final AtomicBoolean SLOW_BUSY = new AtomicBoolean();

    static String slowProvider() throws InterruptedException {
        Thread.sleep(4_000);
        return "paid";
    }

    private interface Handler {
        String handle() throws InterruptedException;
    }

    private static void answer(HttpExchange exchange, Handler handler) throws IOException {
        String body;
        try {
            body = handler.handle();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            exchange.sendResponseHeaders(503, -1);
            exchange.close();
            return;
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
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
