// A service that hangs, stalls or spins through a third-party library, held while jcmd takes thread
// dumps of it: the library scenarios of the thread-dump fixtures.
//
//   java -cp CLASSPATH LibraryScenarios SCENARIO [JDBC_URL USER PASSWORD]     (JDK 21 and JDK 25)
//
// CLASSPATH holds the libraries of pom.xml (capture.sh asks Maven for it) and the compiled program.
// The program prints READY on stderr once its situation is established (stdout is the service's log),
// holds it, and halts by itself HOLD_SECONDS after it started, so nothing it starts outlives it for long.
//
// Whose code is whose: every class named Ledger* is "the user's" service code (unnamed package, as in
// DumpScenarios.java); ch.qos.logback, org.slf4j, com.zaxxer.hikari and org.postgresql are the
// libraries; the rest of this file is the harness (the users that send requests, the deadline).
//
// Scenarios:
//   logback-async    each request logs once inside synchronized on its own account, then once outside;
//                    logback's AsyncAppender (logback-async.xml: discardingThreshold 0, so no line is
//                    dropped) queues the lines for its worker thread, which writes them to the console
//   logback-console  the same requests with logback's ConsoleAppender (logback-console.xml), whose
//                    ReentrantLock guards System.out; a scheduled platform thread of the service prints a
//                    status line to System.out every 10 ms, as a metrics reporter might
//   hikari           USERS virtual threads borrow one of POOL HikariCP connections each, run a short
//                    query on PostgreSQL and give it back, in a loop; HikariCP's version is the class
//                    path's (7.0.2 or 7.1.0, capture.sh runs both)

import ch.qos.logback.classic.LoggerContext;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Timer;
import java.util.TimerTask;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

public class LibraryScenarios {
    static final long HOLD_SECONDS = 60;
    /**
     * A logback scenario that has not hung by then is held as it runs. On JDK 21 logback-async hung at once
     * in every try; logback-console hung after 2 to 5 s in most tries and ran 8 s without hanging in one, so
     * JDK 21 gets 30 s. On JDK 25 (no pinning by monitors) neither hangs; logback-async completed nothing in
     * its first 1.5 s on this loaded machine, then thousands a second, hence HUNG_MILLIS.
     */
    static final long NO_HANG_MILLIS = Runtime.version().feature() < 24 ? 30_000 : 8_000;
    /** No request completed for this long: hung. */
    static final long HUNG_MILLIS = 4_000;
    static final int LOG_USERS = 8;
    static final int POOL_USERS = 200;
    static final int POOL_SIZE = 4;
    static final long POOL_WARMUP_MILLIS = 3_000;

    static final AtomicLong COMPLETED = new AtomicLong();

    public static void main(String[] args) throws Exception {
        String scenario = args.length >= 1 ? args[0] : "";
        haltAfter(HOLD_SECONDS);
        switch (scenario) {
            case "logback-async", "logback-console" -> logback(scenario.equals("logback-console"));
            case "hikari" -> {
                if (args.length != 4) {
                    usage();
                }
                hikari(args[1], args[2], args[3]);
            }
            default -> usage();
        }
    }

    static void usage() {
        System.err.println("usage: java LibraryScenarios logback-async|logback-console|hikari [JDBC_URL USER PASSWORD]");
        System.exit(2);
    }

    // --- logback ---

    static void logback(boolean statusPrinter) throws InterruptedException {
        if (statusPrinter) {
            Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon(true).name("ledger-status").factory())
                    .scheduleAtFixedRate(LedgerStatus::print, 10, 10, TimeUnit.MILLISECONDS);
        }
        ClosedLoopUsers.start(LOG_USERS, LedgerJournal::post);
        waitUntilHungOrRunning(NO_HANG_MILLIS);
    }

    /** READY once no request has completed for HUNG_MILLIS (hung), or after {@code runningMillis} (not hung). */
    static void waitUntilHungOrRunning(long runningMillis) throws InterruptedException {
        long start = System.currentTimeMillis();
        long last = -1;
        long still = System.currentTimeMillis();
        while (true) {
            Thread.sleep(100);
            long now = System.currentTimeMillis();
            long completed = COMPLETED.get();
            if (completed != last) {
                last = completed;
                still = now;
            }
            if (now - still >= HUNG_MILLIS) {
                System.err.println("hung after " + completed + " requests");
                break;
            }
            if (now - start >= runningMillis) {
                System.err.println("running: " + completed + " requests in " + (now - start) + " ms");
                break;
            }
        }
        System.err.println("READY");
        countEverySecond();
    }

    // --- HikariCP ---

    static void hikari(String url, String user, String password) throws Exception {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setUsername(user);
        config.setPassword(password);
        config.setMaximumPoolSize(POOL_SIZE);
        config.setMinimumIdle(POOL_SIZE);
        config.setPoolName("ledger");
        HikariDataSource pool = new HikariDataSource(config);
        LedgerBalances.pool = pool;
        System.err.println("HikariCP from " + HikariDataSource.class.getProtectionDomain().getCodeSource().getLocation()
                + ", JDK " + Runtime.version() + ", " + POOL_USERS + " users, " + POOL_SIZE + " connections");
        ClosedLoopUsers.start(POOL_USERS, u -> LedgerBalances.balance());
        Thread.sleep(POOL_WARMUP_MILLIS);
        long warm = COMPLETED.get();
        System.err.println("warm-up: " + warm + " requests in " + POOL_WARMUP_MILLIS + " ms");
        System.err.println("READY");
        countEverySecond();
    }

    /**
     * What completed in each second after READY, on stderr: the record of whether it moved while dumped. A
     * java.util.Timer, so that its thread waits in the JDK's own frames between counts, off the dumps' way.
     */
    static void countEverySecond() {
        new Timer("harness-count", true).scheduleAtFixedRate(new TimerTask() {
            private long before = COMPLETED.get();
            private int second;

            @Override
            public void run() {
                long now = COMPLETED.get();
                System.err.println("second " + (++second) + " after READY: " + (now - before) + " requests");
                before = now;
            }
        }, 1_000, 1_000);
    }

    // --- the harness ---

    /**
     * Users that each send their next request when the last one completes, every request on a virtual
     * thread of its own, as a server makes one per request.
     */
    static final class ClosedLoopUsers {
        interface Request {
            void serve(long user) throws Exception;
        }

        private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
        private final Request request;

        private ClosedLoopUsers(Request request) {
            this.request = request;
        }

        static void start(int users, Request request) {
            ClosedLoopUsers loop = new ClosedLoopUsers(request);
            for (long user = 0; user < users; user++) {
                long u = user;
                loop.executor.execute(() -> loop.serveOne(u));
            }
        }

        private void serveOne(long user) {
            try {
                request.serve(user);
            } catch (Exception e) {
                System.err.println("request failed: " + e);
            }
            COMPLETED.incrementAndGet();
            executor.execute(() -> serveOne(user));
        }
    }

    static void haltAfter(long seconds) {
        // Not a daemon: it keeps the JVM alive once main has returned, until it halts it.
        new Timer("scenario-deadline", false).schedule(new TimerTask() {
            @Override
            public void run() {
                ((LoggerContext) LoggerFactory.getILoggerFactory()).stop();
                Runtime.getRuntime().halt(0);
            }
        }, seconds * 1_000);
    }
}

/** The service's journal: a posting logs inside the account's monitor, then once more outside it. */
class LedgerJournal {
    private static final Logger LOG = LoggerFactory.getLogger(LedgerJournal.class);

    static void post(long account) {
        Object entry = new Object();
        synchronized (entry) {
            LOG.info("account {}: posting", account);
        }
        LOG.info("account {}: posted", account);
    }
}

/** A status line to System.out, every 10 ms from a scheduled platform thread of the service. */
class LedgerStatus {
    static void print() {
        System.out.println("status: " + LibraryScenarios.COMPLETED.get() + " postings");
    }
}

/** The service's balance lookup: a connection from the pool, one short query, the connection back. */
class LedgerBalances {
    static volatile HikariDataSource pool;

    static long balance() throws SQLException {
        try (Connection connection = pool.getConnection();
             PreparedStatement query = connection.prepareStatement("SELECT 1")) {
            try (ResultSet result = query.executeQuery()) {
                result.next();
                return result.getLong(1);
            }
        }
    }
}
