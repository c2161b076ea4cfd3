package loomlab.lab.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import loomlab.core.breakage.Breakage;
import loomlab.core.breakage.Hang;
import loomlab.core.breakage.Outcome;
import loomlab.core.breakage.Stall;
import loomlab.core.breakage.WatchReport;
import loomlab.load.LiveRun;
import loomlab.load.RunSample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The watchdog on a run that never answers, when no dump can be taken: the hang is still caught, the
 * run is stopped, and the finding says why there is no dump, instead of a classification it cannot have.
 * A run of its own (one request outstanding, never answered) stands in for the generator.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WatchdogIT {
    /** A short hang limit, so the test waits seconds, not the profiles' 3 or 5. */
    private static final WatchLimits LIMITS = new WatchLimits(Duration.ofMillis(800), Duration.ofMillis(400), 20, 5,
            Duration.ofMillis(400));

    @TempDir
    Path out;

    /** One request sent at the start and never answered; {@link #stop()} is what the watchdog calls. */
    private static final class SilentRun implements LiveRun {
        final long sentNanos = System.nanoTime();
        final CountDownLatch stopped = new CountDownLatch(1);

        @Override
        public RunSample sample() {
            return new RunSample(System.nanoTime(), 0, 0, 1, sentNanos, "/stuck");
        }

        @Override
        public void stop() {
            stopped.countDown();
        }
    }

    private WatchReport watch(WatchedJvm jvm) throws InterruptedException {
        SilentRun run = new SilentRun();
        try (Watchdog watchdog = new Watchdog(LIMITS, jvm, out.resolve("arms/arm"), out, Set.of(),
                new PrintStream(new ByteArrayOutputStream()))) {
            watchdog.started(run);
            assertTrue(run.stopped.await(30, TimeUnit.SECONDS), "the watchdog stopped the silent run");
            watchdog.ended(run);
            return watchdog.report();
        }
    }

    @Test
    void withNoJcmdTheHangIsCaughtAndSaysWhyThereIsNoDump() throws InterruptedException {
        WatchReport report = watch(WatchedJvm.jcmd(out.resolve("no-such-jdk/bin/jcmd"),
                ProcessHandle.current().pid(), 25));
        assertEquals(Outcome.HUNG, report.outcome());
        Hang hang = report.hang();
        assertEquals(1, hang.inFlight());
        assertEquals(0, hang.dumps().size(), "no dump file is claimed");
        Breakage.Unclassified unclassified = assertInstanceOf(Breakage.Unclassified.class,
                hang.classification().primary());
        assertTrue(unclassified.reason().contains("no jcmd"), unclassified.reason());
        assertTrue(!hang.deadlocked(), "no dump, no deadlock");
    }

    @Test
    void aProcessThatHasGoneIsNamedAsTheReason() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        WatchReport report = watch(WatchedJvm.jcmd(jcmd, gone.pid(), 25));
        Breakage.Unclassified unclassified = assertInstanceOf(Breakage.Unclassified.class,
                report.hang().classification().primary());
        assertTrue(unclassified.reason().contains("had gone"), unclassified.reason());
    }

    /**
     * Answers flow at 100 a second while one request, sent at the start, waits; its connection is still in
     * its handshake or not, as asked.
     */
    private static final class OneWaiting implements LiveRun {
        final long startNanos = System.nanoTime();
        final boolean connecting;

        OneWaiting(boolean connecting) {
            this.connecting = connecting;
        }

        @Override
        public RunSample sample() {
            long now = System.nanoTime();
            return new RunSample(now, (now - startNanos) / 10_000_000, 0, 1, startNanos, "/hello", 0, 0, connecting);
        }

        @Override
        public void stop() {
        }
    }

    /** A JVM that counts the dumps asked of it and gives none. */
    private static final class CountingJvm implements WatchedJvm {
        final AtomicInteger dumps = new AtomicInteger();

        @Override
        public DumpAttempt dump(Path file) {
            dumps.incrementAndGet();
            return DumpAttempt.failed("no dump in this test");
        }

        @Override
        public java.util.Optional<loomlab.core.breakage.SchedulerCounts> scheduler() {
            return java.util.Optional.empty();
        }
    }

    private Stall stalled(boolean connecting, CountingJvm jvm) throws InterruptedException {
        AtomicLong overflows = new AtomicLong();
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        OneWaiting run = new OneWaiting(connecting);
        try (Watchdog watchdog = new Watchdog(LIMITS, jvm, out.resolve("arms/arm"), out, Set.of(),
                new PrintStream(console, true))) {
            watchdog.readingListenOverflows(() -> OptionalLong.of(overflows.getAndIncrement()));
            watchdog.started(run);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!console.toString().contains("has waited") && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            watchdog.ended(run);
            WatchReport report = watchdog.report();
            assertEquals(1, report.stalls().size(), console.toString());
            return report.stalls().getFirst();
        }
    }

    /**
     * Issue 39's audit, "a dropped SYN becomes a service stall": a request that never completed its
     * handshake, in a run whose listen overflows rose, is kept as a backlog drop, and no dump is taken of
     * a service that never saw it. Reversed: the same wait on a connected request is the service's stall,
     * and it is dumped.
     */
    @Test
    void aStalledRequestThatNeverConnectedInARunWhoseBacklogOverflowedTakesNoDump() throws InterruptedException {
        CountingJvm jvm = new CountingJvm();
        Stall backlog = stalled(true, jvm);
        Breakage.BacklogDrop drop = assertInstanceOf(Breakage.BacklogDrop.class, backlog.classification().primary());
        assertTrue(drop.overflows() > 0);
        assertEquals(0, jvm.dumps.get(), "no dump of a service that never saw the request");
        assertEquals(List.of(), backlog.dumps());

        CountingJvm dumped = new CountingJvm();
        Stall service = stalled(false, dumped);
        assertInstanceOf(Breakage.Unclassified.class, service.classification().primary());
        assertTrue(dumped.dumps.get() > 0, "the service's stall is dumped");
    }
}
