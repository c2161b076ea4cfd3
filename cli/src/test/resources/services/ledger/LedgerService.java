package ledger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A user's service that logs with logback, as the assessment's tests meet it: the JDK's own HTTP server,
 * its request threads switched by {@code --threads platform|virtual}, logback's ConsoleAppender on the
 * class path (its default configuration). {@code /post} logs a posting inside {@code synchronized} on the
 * request's own entry, then once more outside it; a scheduled platform thread prints a status line to
 * {@code System.out} when entries were posted since its last, as a metrics reporter might.
 *
 * <p>On JDK 21 with virtual threads this hangs through logback's lock. logback's appender guards
 * {@code System.out} with a {@code ReentrantLock}. A virtual thread that logs outside {@code synchronized}
 * takes it, then waits for {@code System.out}'s own lock, which the status printer holds while it reads
 * its status, and gives its carrier back. Requests that log inside {@code synchronized} wait for logback's
 * lock pinned, until every carrier is held so; the status printer releases {@code System.out}, and the
 * holder of logback's lock has no carrier left to go on. On JDK 24 and later a virtual thread inside
 * {@code synchronized} gives its carrier back too, and requests pass in turn. Compiled by the test with
 * {@code --release 21}.
 */
public final class LedgerService {
    private static final Logger LOG = LoggerFactory.getLogger(LedgerService.class);
    private static final AtomicLong POSTED = new AtomicLong();
    private static final long FLUSH_WAIT_MILLIS = 5;
    /** What the last status line reported; the status printer's own. */
    private static long reported = -1;

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
        Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon(true).name("ledger-status").factory())
                .scheduleWithFixedDelay(LedgerService::status, 1, 1, TimeUnit.MILLISECONDS);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1024);
        server.setExecutor(executor);
        server.createContext("/post", LedgerService::post);
        server.start();
        System.out.println("ledger listening on " + port + " with " + threads + " threads");
    }

    static void post(HttpExchange exchange) throws IOException {
        long entry = POSTED.incrementAndGet();
        Object journal = new Object();
        synchronized (journal) {
            LOG.info("entry {}: posting", entry);
        }
        LOG.info("entry {}: posted", entry);
        byte[] body = "posted\n".getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    /**
     * A status line whenever entries were posted since the last. {@code printf} holds {@code System.out}'s
     * lock while it formats its arguments, and the status takes a few milliseconds to read (it waits for the
     * journal's flush), so under load {@code System.out} is held most of the time while little is written.
     */
    static void status() {
        long posted = POSTED.get();
        if (posted != reported) {
            reported = posted;
            System.out.printf("status: %s%n", new Status());
        }
    }

    /** What the status line says, read when it is formatted. */
    private static final class Status {
        @Override
        public String toString() {
            try {
                Thread.sleep(FLUSH_WAIT_MILLIS); // the journal's flush, as a status read waits for it
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return POSTED.get() + " entries posted";
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
