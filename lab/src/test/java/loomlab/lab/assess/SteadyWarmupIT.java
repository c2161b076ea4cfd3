package loomlab.lab.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.PrintStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import loomlab.core.assess.SteadyRule;
import loomlab.core.assess.WarmupEvidence;
import loomlab.core.assess.WarmupWindow;
import loomlab.lab.watch.Watchdog;
import loomlab.load.LoadListener;
import loomlab.load.RequestMix;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The warm-up to a steady state against a loopback server of the test's own, with the test's own JVM
 * standing in for the service (its CPU and its JIT's counters are read): the run ends on the rule's
 * word, after the fewest windows a lenient rule needs, and at the cap under a rule nothing meets. The
 * rules are set so that no figure of a loaded machine can decide either outcome.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SteadyWarmupIT {
    private static final Duration WINDOW = Duration.ofMillis(600);
    private ExecutorService executor;
    private HttpServer server;

    @BeforeEach
    void start() throws Exception {
        executor = Executors.newFixedThreadPool(4);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.setExecutor(executor);
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
        executor.shutdownNow();
    }

    private WarmupEvidence warm(SteadyRule rule) throws InterruptedException {
        URI base = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
        try (Watchdog watch = Watchdog.off(new PrintStream(OutputStream.nullOutputStream()))) {
            return SteadyWarmup.run(base, RequestMix.single("/"), rule, ProcessHandle.current().pid(),
                    LoadListener.NONE, watch);
        }
    }

    @Test
    void aRuleTheFirstWindowsMeetEndsTheWarmupAfterThem() throws InterruptedException {
        // Any JIT share up to 100 cores and any spread up to 100x agree.
        WarmupEvidence evidence = warm(new SteadyRule(2, WINDOW, 3, 100, 100, Duration.ofSeconds(20)));
        assertTrue(evidence.steady(), evidence.toString());
        assertEquals(3, evidence.windows().size(), "ended as soon as three windows agreed");
        for (WarmupWindow window : evidence.windows()) {
            assertTrue(window.answered() > 0, window.toString());
            assertNotNull(window.serviceCpuS(), "this JVM's CPU is read from /proc");
            assertNotNull(window.jitCpuS(), "this JVM's compiler threads' CPU is read from /proc");
            assertTrue(window.seconds() > 0.3 && window.seconds() < 5, window.toString());
        }
        assertTrue(evidence.requests() > 0);
    }

    @Test
    void aRuleNothingMeetsRunsToItsCapAndSaysNotSteady() throws InterruptedException {
        // No spread can be within a billionth on a machine that schedules other work.
        SteadyRule strict = new SteadyRule(2, WINDOW, 2, 1e-9, 1e-9, Duration.ofMillis(3000));
        long started = System.nanoTime();
        WarmupEvidence evidence = warm(strict);
        double took = (System.nanoTime() - started) / 1e9;
        assertFalse(evidence.steady(), evidence.toString());
        assertFalse(evidence.last().unsettled().isEmpty());
        assertTrue(evidence.windows().size() >= 2 && evidence.windows().size() <= 5, evidence.windows().toString());
        assertTrue(took < 20, "the cap ends it: " + took + " s");
    }

    /** {@link SteadyWarmup#runBeside} while every core of the machine is kept busy by spinning threads. */
    private SteadyWarmup.Ended besideOnAFullMachine(SteadyRule rule, List<WarmupWindow> before,
                                                    BooleanSupplier othersWarming)
            throws InterruptedException {
        URI base = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
        AtomicBoolean spinning = new AtomicBoolean(true);
        List<Thread> spinners = new ArrayList<>();
        for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
            spinners.add(Thread.ofPlatform().daemon(true).start(() -> {
                long sum = 0;
                while (spinning.get()) {
                    sum += System.nanoTime() % 7;
                }
                if (sum == 42) {
                    System.out.print("");
                }
            }));
        }
        try (Watchdog watch = Watchdog.off(new PrintStream(OutputStream.nullOutputStream()))) {
            return SteadyWarmup.runBeside(base, RequestMix.single("/"), rule, ProcessHandle.current().pid(),
                    LoadListener.NONE, watch, before, othersWarming);
        } finally {
            spinning.set(false);
            for (Thread spinner : spinners) {
                spinner.join();
            }
        }
    }

    @Test
    void besideAnotherArmsWarmupOnAFullMachineItGivesWayAfterTwoWindowsAndGoesOnFromThemLater()
            throws InterruptedException {
        // A rule nothing meets: only giving way can end the run before its cap.
        SteadyRule strict = new SteadyRule(2, WINDOW, 3, 1e-9, 1e-9, Duration.ofSeconds(20));
        SteadyWarmup.Ended gaveWay = besideOnAFullMachine(strict, List.of(), () -> true);
        assertNotNull(gaveWay.gaveWayAtCores(), gaveWay.toString());
        assertTrue(gaveWay.gaveWayAtCores() >= 0.85 * Runtime.getRuntime().availableProcessors(),
                gaveWay.toString());
        assertEquals(SteadyWarmup.FULL_WINDOWS, gaveWay.evidence().windows().size(),
                "gave way once that many windows in a row found the machine full");
        assertFalse(gaveWay.evidence().steady());

        // Later, alone: its own windows decide, the one read before kept ahead of them.
        SteadyRule lenient = new SteadyRule(2, WINDOW, 3, 100, 100, Duration.ofSeconds(20));
        WarmupEvidence alone;
        try (Watchdog watch = Watchdog.off(new PrintStream(OutputStream.nullOutputStream()))) {
            alone = SteadyWarmup.runBeside(URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/"),
                    RequestMix.single("/"), lenient, ProcessHandle.current().pid(), LoadListener.NONE, watch,
                    gaveWay.evidence().windows(), null).evidence();
        }
        assertTrue(alone.steady(), alone.toString());
        assertEquals(SteadyWarmup.FULL_WINDOWS + 3, alone.windows().size(), "the windows before, then three of its own");
        assertEquals(gaveWay.evidence().windows().getFirst(), alone.windows().getFirst());
    }

    @Test
    void onAFullMachineWithNoOtherArmWarmingItDoesNotGiveWay() throws InterruptedException {
        SteadyRule lenient = new SteadyRule(2, WINDOW, 3, 100, 100, Duration.ofSeconds(20));
        SteadyWarmup.Ended ended = besideOnAFullMachine(lenient, List.of(), () -> false);
        assertEquals(null, ended.gaveWayAtCores(), ended.toString());
        assertTrue(ended.evidence().steady());
        assertEquals(3, ended.evidence().windows().size());
    }
}
