package loomlab.lab.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import loomlab.core.diagnose.PinsRecorded;
import loomlab.core.diagnose.Stillness;
import loomlab.core.fixes.FixMatch;
import loomlab.core.fixes.KnownFix;
import loomlab.core.fixes.KnownFixes;
import loomlab.core.fixes.Seen;
import loomlab.core.pinning.PinningSite;
import org.junit.jupiter.api.Test;

/** What a diagnosis says of a known fix, of its evidence and of its recording, exactly, each case and its reverse. */
class DiagnoseWordsTest {
    private static KnownFix row(String id) {
        return KnownFixes.standard().rows().stream().filter(f -> f.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void aLibraryBeforeItsFixNamesTheVersionSeenTheFixingReleaseAndTheSource() {
        FixMatch match = new FixMatch(row("hikaricp-yield-spin"), "com.zaxxer.hikari.util.ConcurrentBag.requite:232",
                new Seen("7.0.2", "pom.properties in app.jar"), FixMatch.Status.AFFECTED);
        assertEquals("HikariCP 7.0.2 (pom.properties in app.jar) at com.zaxxer.hikari.util.ConcurrentBag.requite:232: a"
                + " Thread.yield() spin in ConcurrentBag.requite() and unreserve(), which keeps a virtual thread on its"
                + " carrier while it waits to hand a connection over; HikariCP 7.1.0 fixes it"
                + " (https://github.com/brettwooldridge/HikariCP/pull/2402)", DiagnoseWords.fix(match));
    }

    @Test
    void theFixedReleaseSaysTheCauseLiesElsewhere() {
        FixMatch match = new FixMatch(row("hikaricp-yield-spin"), "com.zaxxer.hikari.util.ConcurrentBag.requite:232",
                new Seen("7.1.0", "pom.properties in app.jar"), FixMatch.Status.HAS_FIX);
        assertEquals("HikariCP 7.1.0 (pom.properties in app.jar) at com.zaxxer.hikari.util.ConcurrentBag.requite:232"
                + " already has the fix for a Thread.yield() spin in ConcurrentBag.requite() and unreserve(), which keeps"
                + " a virtual thread on its carrier while it waits to hand a connection over (HikariCP 7.1.0,"
                + " https://github.com/brettwooldridge/HikariCP/pull/2402), so the cause lies elsewhere",
                DiagnoseWords.fix(match));
    }

    @Test
    void aVersionNotReadSaysWhy() {
        FixMatch match = new FixMatch(row("pgjdbc-synchronized-io"), "org.postgresql.core.PGStream.receive:120",
                Seen.unknown("a thread dump carries no class path"), FixMatch.Status.VERSION_UNKNOWN);
        assertEquals("PostgreSQL JDBC driver (pgjdbc) at org.postgresql.core.PGStream.receive:120: socket I/O inside"
                + " synchronized, which pins a virtual thread for the whole query; PostgreSQL JDBC driver (pgjdbc) 42.6.0"
                + " fixes it, as does JDK 24 (so JDK 25, the LTS) (https://github.com/pgjdbc/pgjdbc/pull/2635); the version"
                + " that ran could not be read: a thread dump carries no class path", DiagnoseWords.fix(match));
    }

    @Test
    void noLibraryReleaseButAJdkRelease() {
        FixMatch match = new FixMatch(row("logback-lock-under-synchronized"),
                "ch.qos.logback.core.OutputStreamAppender.writeBytes:211", new Seen("1.5.38", "pom.properties"),
                FixMatch.Status.AFFECTED);
        assertEquals("logback 1.5.38 (pom.properties) at ch.qos.logback.core.OutputStreamAppender.writeBytes:211: its"
                + " appenders' ReentrantLock (and AsyncAppender's queue) taken by a caller inside synchronized: the caller"
                + " waits pinned, and every carrier can end up so; no logback release fixes it; JDK 24 (so JDK 25, the LTS)"
                + " does; an AsyncAppender with neverBlock=true lessens it: the caller drops an event rather than wait for"
                + " a full queue (https://logback.qos.ch/manual/appenders.html#AsyncAppender)"
                + " (https://github.com/qos-ch/logback/issues/786)", DiagnoseWords.fix(match));
    }

    @Test
    void theJdksOwnDefect() {
        FixMatch match = new FixMatch(row("jep-491"), "shop.Checkout.pay:12", new Seen("21.0.8+9-LTS", "dump"),
                FixMatch.Status.AFFECTED);
        assertEquals("JDK 21.0.8+9-LTS at shop.Checkout.pay:12: a virtual thread that blocks inside synchronized keeps"
                + " its carrier (pinned); JDK 24 (so JDK 25, the LTS) fixes it (https://openjdk.org/jeps/491)",
                DiagnoseWords.fix(match));
    }

    @Test
    void aJdkReleaseIsNamedWithTheLtsThatCarriesItOnlyWhereItIsNoLts() {
        assertEquals("JDK 24 (so JDK 25, the LTS)", DiagnoseWords.jdk("24"));
        for (String release : List.of("25", "21", "25.0.3", "26.0.1")) {
            assertEquals("JDK " + release, DiagnoseWords.jdk(release), release);
        }
    }

    @Test
    void blockingInAClassInitialiserSaysNoJdkFixesItNeverThatJdk26Does() {
        FixMatch match = new FixMatch(row("jdk-clinit-pins"), "ledger.Rates.<clinit>:12", new Seen("25.0.4+7-LTS", "dump"),
                FixMatch.Status.AFFECTED);
        assertEquals("JDK 25.0.4+7-LTS at ledger.Rates.<clinit>:12: a virtual thread that blocks inside a class"
                + " initialiser keeps its carrier (pinned), on every release; no JDK release fixes it; do the blocking"
                + " work outside the initialiser (https://bugs.openjdk.org/browse/JDK-8369238)", DiagnoseWords.fix(match));
        FixMatch waiting = new FixMatch(row("jdk-8369238"), "Pin25.lambda$main$0:4", new Seen("25.0.4+7-LTS", "dump"),
                FixMatch.Status.AFFECTED);
        assertEquals("JDK 25.0.4+7-LTS at Pin25.lambda$main$0:4: a virtual thread that waits for another thread's class"
                + " initialiser keeps its carrier (pinned); no JDK release fixes it; JDK 26 unmounts it on some paths"
                + " (https://bugs.openjdk.org/browse/JDK-8369238)", DiagnoseWords.fix(waiting));
    }

    @Test
    void aJdkBuildNamedByItsVersionAloneHasNoFrameAndNamesEachLinesFix() {
        FixMatch match = new FixMatch(row("jdk-8369227"), null, new Seen("25.0.1+8-LTS", "dump"), FixMatch.Status.AFFECTED);
        assertEquals("JDK 25.0.1+8-LTS: a virtual thread can stay parked after it was unparked (stuck in PARKED), a"
                + " regression of JDK 25; JDK 25.0.3 and 26.0.1 fix it (https://bugs.openjdk.org/browse/JDK-8369227)",
                DiagnoseWords.fix(match));
    }

    @Test
    void aLibraryWithNoReleaseButAWorkaroundSaysTheWorkaround() {
        FixMatch match = new FixMatch(row("spring-boot-nested-jar-monitors"),
                "org.springframework.boot.loader.jar.NestedJarFile.hasEntry:182", Seen.unknown("no class path"),
                FixMatch.Status.AFFECTED);
        assertEquals("Spring Boot at org.springframework.boot.loader.jar.NestedJarFile.hasEntry:182: every class or"
                + " resource lookup from a fat jar takes the monitors of its nested-jar loader (NestedJarFile,"
                + " UrlJarFiles$Cache), so request threads, virtual or platform, queue on them; no Spring Boot release"
                + " fixes it; run the extracted jar instead (java -Djarmode=tools -jar app.jar extract), whose classes"
                + " load from plain jars; loomlab assess --jar app.jar --extracted measures what that buys"
                + " (https://github.com/spring-projects/spring-boot/issues/51463)",
                DiagnoseWords.fix(match));
    }

    @Test
    void aRegressionWhoseVersionWasNotReadSaysWhichReleasesDoNotHaveIt() {
        FixMatch match = new FixMatch(row("pgjdbc-lrucache-synchronized"), "org.postgresql.util.LruCache.borrow:123",
                Seen.unknown("no class path"), FixMatch.Status.VERSION_UNKNOWN);
        assertEquals("PostgreSQL JDBC driver (pgjdbc) at org.postgresql.util.LruCache.borrow:123: its statement cache's"
                + " LruCache made synchronized again in 42.7.8, so a virtual thread that waits for the connection's lock"
                + " inside it keeps its carrier; no PostgreSQL JDBC driver (pgjdbc) release fixes it; JDK 24 (so JDK 25,"
                + " the LTS) does; PostgreSQL JDBC driver (pgjdbc) before 42.7.8 does not have it"
                + " (https://github.com/pgjdbc/pgjdbc/issues/3835); the version that ran could not be read: no class path",
                DiagnoseWords.fix(match));
    }

    private static loomlab.core.arm.DiagnosedJvm healthy(String runtimeVersion, Stillness.Verdict verdict) {
        Stillness stillness = new Stillness(3, 2.0, 0, 0, 0, 0, 3, 0, 40, 41, List.of(), List.of(), null, verdict);
        return new loomlab.core.arm.DiagnosedJvm(loomlab.core.arm.ArmKey.program(loomlab.core.arm.ArmMode.label("jvm")),
                new loomlab.core.diagnose.Target(42L, runtimeVersion, "java -jar app.jar", "jcmd", true), 6.0, null,
                stillness, List.of(), null, PinsRecorded.none("no recording"), List.of(), null, List.of());
    }

    @Test
    void nothingBrokeOnJdk21SaysWhatItsDumpsCannotShow() {
        List<String> on21 = DiagnoseWords.block(healthy("21.0.8+9-LTS", Stillness.Verdict.MOVING));
        assertEquals("  not seen: JDK 21's thread dumps give no thread's state and no lock, so threads queued on a"
                + " monitor or a lock show only by standing still, and a queue whose threads change between dumps does"
                + " not show; a dump of JDK 24 or later names the monitor or lock each thread waits for",
                on21.stream().filter(l -> l.startsWith("  not seen: ")).findFirst().orElseThrow());
        // Reversed: JDK 25's dumps name the locks, and a JDK not known claims nothing either way.
        for (String other : List.of("25.0.3+9-LTS", "", "unknown")) {
            assertEquals(List.of(), DiagnoseWords.block(healthy(other.isEmpty() ? null : other,
                    Stillness.Verdict.MOVING)).stream().filter(l -> l.startsWith("  not seen: ")).toList(), other);
        }
        assertEquals(java.util.Optional.empty(), DiagnoseWords.unseen(healthy("21.0.8", Stillness.Verdict.HUNG)),
                "a hang is what broke: nothing to hedge");
    }

    @Test
    void hungAgainstMovingEvidence() {
        Stillness hung = new Stillness(3, 2.0, 8, 0, 3, 2, 0, 0, 0, 0,
                List.of(new Stillness.Place("(not yet run)", 5), new Stillness.Place("shop.Checkout.pay:12", 2)),
                List.of(), null, Stillness.Verdict.HUNG);
        assertEquals("3 dumps over 2.00 s: 8 virtual threads (2 of them on a carrier throughout) stood at the same frame"
                + " in every dump, 3 of them waiting for a lock, a monitor or a carrier, and no other thread of the"
                + " service moved, ended or started: hung ((not yet run) x5, shop.Checkout.pay:12 x2)",
                DiagnoseWords.evidence(hung));
        Stillness moving = new Stillness(5, 4.0, 0, 0, 0, 0, 3, 0, 40, 41, List.of(), List.of(), null, Stillness.Verdict.MOVING);
        assertEquals("5 dumps over 4.00 s: no thread of the service stood at one frame in every dump (3 moved to another"
                + " frame, 40 ended and 41 started): neither hung nor stalled", DiagnoseWords.evidence(moving));
    }

    @Test
    void aRecordingWithPinsAgainstOneWithNoneAndNone() {
        assertEquals("JFR recorded no pin of 20 ms or longer that ended in the window; a pin that never ends, as in a"
                        + " carrier deadlock, is never recorded",
                DiagnoseWords.pins(new PinsRecorded(true, null, 20.0, 0L, 0.0, List.of())));
        assertEquals("JFR recorded 3 pins of 20 ms or longer that ended in the window, 75.0 ms in all, the most at"
                        + " shop.Rates.<clinit>:12 (2)",
                DiagnoseWords.pins(new PinsRecorded(true, null, 20.0, 3L, 75.0, List.of(
                        new PinningSite("shop.Rates.<clinit>:12", 2, 50.0, List.of()),
                        new PinningSite("shop.Other.run:3", 1, 25.0, List.of())))));
        assertEquals("no flight recording of pinned virtual threads: no recording was given (--jfr FILE)",
                DiagnoseWords.pins(PinsRecorded.none("no recording was given (--jfr FILE)")));
    }
    /**
     * Still threads that serve no request are named on a line of their own, as background, and nothing broke.
     * Reversed: with none, there is no such line.
     */
    @Test
    void stillBackgroundThreadsAreNamedAsBackgroundAndBreakNothing() {
        Stillness quiet = new Stillness(3, 2.0, 0, 0, 0, 0, 3, 0, 40, 41, List.of(),
                List.of(new Stillness.Place("org.apache.http.impl.client.IdleConnectionEvictor$1.run:66", 1),
                        new Stillness.Place("io.opentelemetry.sdk.trace.export.BatchSpanProcessor$Worker.run:269", 1)),
                null, Stillness.Verdict.MOVING);
        loomlab.core.arm.DiagnosedJvm jvm = new loomlab.core.arm.DiagnosedJvm(loomlab.core.arm.ArmKey.program(loomlab.core.arm.ArmMode.label("jvm")),
                new loomlab.core.diagnose.Target(42L, "25.0.3+9-LTS", "java -jar app.jar", "jcmd", true), 6.0, null,
                quiet, List.of(), null, PinsRecorded.none("no recording"), List.of(), null, List.of());
        List<String> block = DiagnoseWords.block(jvm);
        assertEquals("Nothing broke:", block.getFirst());
        assertEquals(0, jvm.exitCode());
        assertEquals("  background: 2 threads that serve no request stood at one frame in every dump, waiting for no"
                + " lock, monitor or carrier (org.apache.http.impl.client.IdleConnectionEvictor$1.run:66,"
                + " io.opentelemetry.sdk.trace.export.BatchSpanProcessor$Worker.run:269): background work, no finding",
                block.stream().filter(l -> l.startsWith("  background: ")).findFirst().orElseThrow());
        assertEquals(List.of(), DiagnoseWords.block(healthy("25.0.3+9-LTS", Stillness.Verdict.MOVING)).stream()
                .filter(l -> l.startsWith("  background: ")).toList());
    }
}
