package loomlab.core.fixes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each row shows where its frames are, on the JDKs it can occur on, and says what the version seen means. */
class KnownFixesTest {
    private static final KnownFixes FIXES = KnownFixes.standard();
    /** The frames the lab's fixtures show, top first, as a JSON thread dump writes them (modules dropped). */
    private static final List<String> PINNED_ON_LOGBACK = List.of("jdk.internal.misc.Unsafe.park(Native Method)",
            "java.lang.VirtualThread.parkOnCarrierThread(Unknown Source)", "java.lang.VirtualThread.park(Unknown Source)",
            "java.util.concurrent.locks.LockSupport.park(Unknown Source)",
            "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire(Unknown Source)",
            "java.util.concurrent.locks.ReentrantLock.lock(Unknown Source)",
            "ch.qos.logback.core.OutputStreamAppender.writeBytes(OutputStreamAppender.java:203)",
            "ch.qos.logback.classic.Logger.info(Logger.java:423)", "ledger.LedgerService.post(LedgerService.java:61)");
    private static final List<String> SPINNING_IN_HIKARI = List.of("java.lang.Thread.yield0(Native Method)",
            "java.lang.Thread.yield(Thread.java:443)",
            "com.zaxxer.hikari.util.ConcurrentBag.requite(ConcurrentBag.java:232)",
            "com.zaxxer.hikari.pool.PoolEntry.recycle(PoolEntry.java:83)",
            "com.zaxxer.hikari.pool.ProxyConnection.close(ProxyConnection.java:272)",
            "ledger.LedgerService.balance(LedgerService.java:88)");
    private static final List<String> PINNED_IN_PGJDBC = List.of("jdk.internal.misc.Unsafe.park(Native Method)",
            "java.lang.VirtualThread.parkOnCarrierThread(Unknown Source)",
            "sun.nio.ch.NioSocketImpl.read(Unknown Source)",
            "org.postgresql.core.VisibleBufferedInputStream.readMore(VisibleBufferedInputStream.java:161)",
            "org.postgresql.core.v3.QueryExecutorImpl.execute(QueryExecutorImpl.java:356)",
            "ledger.LedgerService.balance(LedgerService.java:90)");
    private static final List<String> PINNED_IN_CLINIT = List.of("jdk.internal.misc.Unsafe.park(Native Method)",
            "java.lang.VirtualThread.parkOnCarrierThread(Unknown Source)", "java.lang.Thread.sleep(Unknown Source)",
            "ledger.Rates.<clinit>(Rates.java:12)", "ledger.LedgerService.convert(LedgerService.java:70)");

    private static KnownFixes.VersionLookup versions(Map<String, Seen> byArtifact) {
        return (fix, className) -> byArtifact.getOrDefault(fix.artifact(), Seen.unknown("not on the class path given"));
    }

    private static List<String> ids(List<FixMatch> matches) {
        return matches.stream().map(m -> m.fix().id()).toList();
    }

    @Test
    void everyRowNamesItsPublicSource() {
        for (KnownFix fix : FIXES.rows()) {
            assertTrue(fix.source().startsWith("https://"), fix.id());
        }
    }

    @Test
    void hikarisYieldSpinIsNamedWithTheFixingVersionAndTheVersionThatRan() {
        List<FixMatch> matches = FIXES.matching(List.of(new KnownFixes.Stack(SPINNING_IN_HIKARI, false)),
                "25.0.3+9-LTS", versions(Map.of("com.zaxxer:HikariCP", new Seen("7.0.2", "pom.properties"))));
        assertEquals(List.of("hikaricp-yield-spin"), ids(matches));
        FixMatch match = matches.getFirst();
        assertEquals("7.1.0", match.fix().fixedIn());
        assertEquals("7.0.2", match.seen().version());
        assertEquals(FixMatch.Status.AFFECTED, match.status());
        assertEquals("com.zaxxer.hikari.util.ConcurrentBag.requite:232", match.frame());
    }

    @Test
    void theFixedReleaseSaysItHasTheFixAndAnUnreadVersionSaysSo() {
        List<KnownFixes.Stack> stacks = List.of(new KnownFixes.Stack(SPINNING_IN_HIKARI, false));
        assertEquals(FixMatch.Status.HAS_FIX, FIXES.matching(stacks, "25.0.3+9-LTS",
                versions(Map.of("com.zaxxer:HikariCP", new Seen("7.1.0", "pom.properties")))).getFirst().status());
        FixMatch unread = FIXES.matching(stacks, "25.0.3+9-LTS", versions(Map.of())).getFirst();
        assertEquals(FixMatch.Status.VERSION_UNKNOWN, unread.status());
        assertEquals("not on the class path given", unread.seen().from());
    }

    @Test
    void aPoolWaitThroughHikariThatIsNoSpinNamesNoHikariFix() {
        List<String> borrowing = List.of("jdk.internal.misc.Unsafe.park(Native Method)",
                "java.util.concurrent.SynchronousQueue.poll(SynchronousQueue.java:300)",
                "com.zaxxer.hikari.util.ConcurrentBag.borrow(ConcurrentBag.java:162)",
                "ledger.LedgerService.balance(LedgerService.java:88)");
        assertEquals(List.of(), ids(FIXES.matching(List.of(new KnownFixes.Stack(borrowing, false)), "25.0.3+9-LTS",
                versions(Map.of()))));
    }

    @Test
    void logbackPinnedOnJdk21NamesLogbacksRowWithNoReleaseAndJep491() {
        List<FixMatch> matches = FIXES.matching(List.of(new KnownFixes.Stack(PINNED_ON_LOGBACK, true)),
                "21.0.8+9-LTS", versions(Map.of("ch.qos.logback:logback-core", new Seen("1.5.38", "pom.properties"))));
        assertEquals(List.of("logback-lock-under-synchronized", "jep-491"), ids(matches));
        assertEquals(FixMatch.Status.AFFECTED, matches.get(0).status(), "no logback release fixes it");
        assertEquals(24, matches.get(0).fix().jdkFixedIn());
        assertEquals(FixMatch.Status.AFFECTED, matches.get(1).status());
        assertEquals("21.0.8+9-LTS", matches.get(1).seen().version());
        assertEquals("ledger.LedgerService.post:61", matches.get(1).frame(), "the pinned stack's first frame outside the JDK");
    }

    @Test
    void theSameStacksOnJdk25NameNoPinningFix() {
        assertEquals(List.of(), ids(FIXES.matching(List.of(new KnownFixes.Stack(PINNED_ON_LOGBACK, true),
                new KnownFixes.Stack(PINNED_IN_PGJDBC, true)), "25.0.4+7-LTS", versions(Map.of()))));
    }

    @Test
    void logbackOnAStackThatIsNotPinnedIsNoDefect() {
        assertEquals(List.of(), ids(FIXES.matching(List.of(new KnownFixes.Stack(PINNED_ON_LOGBACK, false)),
                "21.0.8+9-LTS", versions(Map.of()))));
    }

    @Test
    void pgjdbcBeforeItsFixPinnedOnJdk21() {
        List<FixMatch> matches = FIXES.matching(List.of(new KnownFixes.Stack(PINNED_IN_PGJDBC, true)), "21.0.8+9-LTS",
                versions(Map.of("org.postgresql:postgresql", new Seen("42.5.4", "manifest"))));
        assertEquals(List.of("pgjdbc-synchronized-io", "jep-491"), ids(matches));
        assertEquals(FixMatch.Status.AFFECTED, matches.getFirst().status());
        assertEquals("42.6.0", matches.getFirst().fix().fixedIn());
    }

    @Test
    void blockingInsideAClassInitialiserPinsOnEveryReleaseAndIsNotTakenForAMonitor() {
        List<KnownFixes.Stack> stacks = List.of(new KnownFixes.Stack(PINNED_IN_CLINIT, true));
        for (String jdk : List.of("21.0.8+9-LTS", "25.0.4+7-LTS", "26.0.1+8", "27+20")) {
            List<FixMatch> matches = FIXES.matching(stacks, jdk, versions(Map.of()));
            assertEquals(List.of("jdk-clinit-pins"), ids(matches), jdk);
            assertEquals("ledger.Rates.<clinit>:12", matches.getFirst().frame());
            assertEquals(FixMatch.Status.AFFECTED, matches.getFirst().status(), "no release fixes it");
            assertNull(matches.getFirst().fix().fixedIn());
        }
        // Reversed: the same stack not pinned names nothing of the JDK's.
        assertEquals(List.of(), ids(FIXES.matching(List.of(new KnownFixes.Stack(PINNED_IN_CLINIT, false, true)),
                "25.0.4+7-LTS", versions(Map.of()))));
    }

    /** Frames of a real JDK 25 dump (lab/src/test/resources/dumps/class-init-jdk25.json), line for line. */
    private static final List<String> SLEEPING_IN_INIT = List.of("jdk.internal.misc.Unsafe.park(Native Method)",
            "java.lang.VirtualThread.parkOnCarrierThread(VirtualThread.java:819)",
            "java.lang.VirtualThread.parkNanos(VirtualThread.java:798)",
            "java.lang.VirtualThread.sleepNanos(VirtualThread.java:980)", "java.lang.Thread.sleepNanos(Thread.java:507)",
            "java.lang.Thread.sleep(Thread.java:540)", "Pin25$Init.<clinit>(Pin25.java:2)",
            "Pin25.lambda$main$0(Pin25.java:4)", "java.lang.VirtualThread.run(VirtualThread.java:460)");
    private static final List<String> WAITING_FOR_INIT = List.of("Pin25.lambda$main$0(Pin25.java:4)",
            "java.lang.VirtualThread.run(VirtualThread.java:460)");

    @Test
    void aVirtualThreadWaitingForAnothersInitialiserIsItsOwnRowThatJdk26HelpsOnSomePaths() {
        List<KnownFixes.Stack> stacks = List.of(new KnownFixes.Stack(SLEEPING_IN_INIT, true, true),
                new KnownFixes.Stack(WAITING_FOR_INIT, false, true));
        for (String jdk : List.of("25.0.4+7-LTS", "26.0.1+8")) {
            List<FixMatch> matches = FIXES.matching(stacks, jdk, versions(Map.of()));
            assertEquals(List.of("jdk-clinit-pins", "jdk-8369238"), ids(matches), jdk);
            FixMatch waiting = matches.get(1);
            assertEquals("Pin25.lambda$main$0:4", waiting.frame());
            assertEquals("JDK 26 unmounts it on some paths", waiting.fix().remedy());
            assertNull(waiting.fix().fixedIn(), "JDK 26 fixes some paths only");
        }
        // Reversed: a virtual thread at another line, or a platform thread at that line, waits for no initialiser
        // the dump can show.
        List<String> elsewhere = List.of("Pin25.lambda$main$0(Pin25.java:9)", "java.lang.VirtualThread.run(VirtualThread.java:460)");
        assertEquals(List.of("jdk-clinit-pins"), ids(FIXES.matching(List.of(new KnownFixes.Stack(SLEEPING_IN_INIT, true, true),
                new KnownFixes.Stack(elsewhere, false, true)), "25.0.4+7-LTS", versions(Map.of()))));
        assertEquals(List.of("jdk-clinit-pins"), ids(FIXES.matching(List.of(new KnownFixes.Stack(SLEEPING_IN_INIT, true, true),
                new KnownFixes.Stack(WAITING_FOR_INIT, false, false)), "25.0.4+7-LTS", versions(Map.of()))));
        assertEquals(List.of(), ids(FIXES.matching(List.of(new KnownFixes.Stack(WAITING_FOR_INIT, false, true)),
                "25.0.4+7-LTS", versions(Map.of()))), "no initialiser runs elsewhere");
    }

    @Test
    void aStackPinnedBelowANativeFrameIsNeitherCause() {
        List<String> nativeBelow = List.of("jdk.internal.misc.Unsafe.park(Native Method)",
                "java.lang.VirtualThread.parkOnCarrierThread(Unknown Source)", "ledger.Native.callback(Native.java:3)",
                "ledger.Native.call(Native Method)");
        assertEquals(null, KnownFixes.cause(nativeBelow));
        assertEquals(KnownFix.JdkCause.MONITOR, KnownFixes.cause(PINNED_ON_LOGBACK));
    }
}
