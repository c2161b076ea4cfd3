package loomlab.lab.diagnose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import loomlab.core.arm.DiagnosedJvm;
import loomlab.core.diagnose.Found;
import loomlab.core.diagnose.Stillness;
import loomlab.core.fixes.FixMatch;
import org.junit.jupiter.api.Test;

/**
 * The committed fixtures read as {@code loomlab diagnose DUMP.json ...} reads them: hung or not decided from
 * the dumps themselves, and the known fixes their stacks show, on the JDK each was taken on.
 */
class DiagnoseFixturesTest {
    private static DiagnosedJvm diagnose(String... dumps) {
        List<Path> files = Stream.of(dumps).map(Fixtures::dump).toList();
        DiagnoseRun run = new DiagnoseRun(new PrintWriter(java.io.Writer.nullWriter()));
        return run.offline(DiagnoseRun.checkOffline(files, null), null);
    }

    private static DiagnosedJvm pair(String stem) {
        return diagnose(stem + "-1.json", stem + "-2.json");
    }

    private static List<String> fixes(DiagnosedJvm jvm) {
        return jvm.found().stream().flatMap(f -> f.knownFixes().stream()).map(m -> m.fix().id()).distinct().toList();
    }

    @Test
    void jdk21sCarrierDeadlockIsAHangWithJep491AsItsFix() {
        DiagnosedJvm jvm = pair("jdk21/carrier-deadlock");
        assertEquals(Stillness.Verdict.HUNG, jvm.stillness().verdict());
        assertTrue(jvm.broke());
        assertEquals("carrier-deadlock", jvm.found().getFirst().kind());
        FixMatch jep = jvm.found().getFirst().knownFixes().stream().filter(m -> m.fix().id().equals("jep-491"))
                .findFirst().orElseThrow();
        assertEquals(FixMatch.Status.AFFECTED, jep.status());
        assertEquals("21.0.8+9-LTS", jep.seen().version());
        assertTrue(jep.frame().startsWith("ShopCheckout.checkout:"), jep.frame());
    }

    @Test
    void aClassInitialiserThatBlocksPinsOnJdk21And25AndNoJdkIsSaidToFixIt() {
        for (String jdk : List.of("jdk21", "jdk25")) {
            DiagnosedJvm jvm = pair(jdk + "/carrier-deadlock-clinit");
            FixMatch clinit = jvm.found().stream().flatMap(f -> f.knownFixes().stream())
                    .filter(m -> m.fix().id().equals("jdk-clinit-pins")).findFirst().orElseThrow(() ->
                            new AssertionError(jdk + ": " + fixes(jvm)));
            assertTrue(clinit.frame().endsWith(".<clinit>:1047"), clinit.frame());
            assertEquals(null, clinit.fix().fixedIn(), "JDK 26 does not fix blocking inside an initialiser");
            // Reversed: not taken for a monitor, nor for a wait on another thread's initialiser (none here).
            assertFalse(fixes(jvm).contains("jep-491"), jdk);
            assertFalse(fixes(jvm).contains("jdk-8369238"), jdk);
        }
        assertTrue(fixes(pair("jdk25/carrier-deadlock-clinit")).contains("jdk-8373120"), "taken on 25.0.3");
        assertFalse(fixes(pair("jdk21/carrier-deadlock-clinit")).contains("jdk-8373120"));
    }

    @Test
    void theSameCodeOnJdk25MovesAndNamesNoPinningFix() {
        DiagnosedJvm jvm = pair("jdk25/carrier-deadlock");
        assertNotEquals(Stillness.Verdict.HUNG, jvm.stillness().verdict());
        assertFalse(fixes(jvm).contains("jep-491"));
    }

    @Test
    void aHealthyServiceMovesAndNothingBroke() {
        for (String jdk : List.of("jdk21", "jdk25")) {
            DiagnosedJvm jvm = pair(jdk + "/healthy");
            assertEquals(Stillness.Verdict.MOVING, jvm.stillness().verdict(), jdk);
            assertFalse(jvm.broke(), jdk + ": " + jvm.found());
        }
    }

    @Test
    void logbackOnJdk21HangsAndNamesLogbacksLockAndJep491() {
        for (String scenario : List.of("logback-async", "logback-console")) {
            DiagnosedJvm jvm = pair("libraries/jdk21/" + scenario);
            assertEquals(Stillness.Verdict.HUNG, jvm.stillness().verdict(), scenario);
            assertTrue(jvm.broke(), scenario);
            assertTrue(fixes(jvm).containsAll(List.of("logback-lock-under-synchronized", "jep-491")),
                    scenario + ": " + fixes(jvm));
            FixMatch logback = jvm.found().stream().flatMap(f -> f.knownFixes().stream())
                    .filter(m -> m.fix().id().equals("logback-lock-under-synchronized")).findFirst().orElseThrow();
            assertTrue(logback.frame().startsWith("ch.qos.logback.core."), logback.frame());
            assertEquals(FixMatch.Status.AFFECTED, logback.status(), "no logback release fixes it");
            assertEquals("a thread dump carries no class path (give the JVM's with --class-path)", logback.seen().from());
        }
    }

    @Test
    void logbackOnJdk25IsNotAHangAndNamesNoFix() {
        for (String scenario : List.of("logback-async", "logback-console")) {
            DiagnosedJvm jvm = pair("libraries/jdk25/" + scenario);
            assertEquals(Stillness.Verdict.MOVING, jvm.stillness().verdict(), scenario);
            assertFalse(jvm.broke(), scenario + ": " + jvm.found());
            assertEquals(List.of(), fixes(jvm), scenario);
        }
    }

    @Test
    void hikariUnderVirtualThreadContentionIsNotAHangOnEitherJdkOrVersion() {
        for (String dumps : List.of("jdk21/hikari-7.0.2", "jdk21/hikari-7.1.0", "jdk25/hikari-7.0.2", "jdk25/hikari-7.1.0")) {
            DiagnosedJvm jvm = pair("libraries/" + dumps);
            assertEquals(Stillness.Verdict.MOVING, jvm.stillness().verdict(), dumps);
            assertTrue(jvm.stillness().ended() > 0 && jvm.stillness().started() > 0, dumps);
        }
        assertFalse(pair("libraries/jdk21/hikari-7.0.2").broke());
        assertFalse(pair("libraries/jdk21/hikari-7.1.0").broke());
    }

    @Test
    void theWatchdogsOwnDumpsOfLoomcatsDeadlock() {
        DiagnosedJvm jvm = pair("observed/jdk21-loomcat-deadlock");
        assertEquals(Stillness.Verdict.HUNG, jvm.stillness().verdict());
        assertTrue(jvm.found().stream().map(Found::kind).anyMatch("carrier-deadlock"::equals), jvm.found().toString());
    }

    @Test
    void oneDumpAloneIsReadButComparesNothing() {
        DiagnosedJvm jvm = diagnose("jdk21/carrier-deadlock-1.json");
        assertEquals(Stillness.Verdict.ONE_DUMP, jvm.stillness().verdict());
        assertEquals(null, jvm.stillness().spanS());
        assertEquals(1, jvm.dumpFiles().size());
    }

    /**
     * One dump of a carrier deadlock is undecided (exit 3), never "Nothing broke": it says what the dump
     * shows and asks for another. Reversed: the two dumps of it decide, a breakage (exit 1).
     */
    @Test
    void oneDumpOfADeadlockIsUndecidedAndSaysWhatItShows() {
        DiagnosedJvm one = diagnose("jdk21/carrier-deadlock-1.json");
        assertEquals(3, one.exitCode());
        List<String> block = loomlab.lab.report.verdict.DiagnoseWords.block(one);
        assertEquals("Undecided:", block.getFirst());
        assertTrue(block.stream().noneMatch(l -> l.contains("othing broke")), block.toString());
        String evidence = block.stream().filter(l -> l.startsWith("  evidence: ")).findFirst().orElseThrow();
        assertTrue(evidence.contains("2 of 2 carriers pinned") && evidence.contains("take another dump in a few seconds"),
                evidence);
        assertEquals(1, pair("jdk21/carrier-deadlock").exitCode());
    }

    /**
     * Dumps read offline with the Thread.print kept beside each (as diagnose --pid keeps them) say what they
     * said live: the busy pool's threads worked between the dumps, so it is not hung. Reversed: the JSON
     * alone, copied where no Thread.print lies beside it, reads as hung (the load's producer waits on a
     * semaphore and every pool thread stands at the frame all requests pass through).
     */
    @Test
    void aThreadPrintKeptBesideADumpIsReadWithIt(@org.junit.jupiter.api.io.TempDir Path alone) throws Exception {
        DiagnosedJvm timed = pair("jdk25/busy-pool-cpu");
        assertNotEquals(Stillness.Verdict.HUNG, timed.stillness().verdict(), timed.stillness().toString());
        assertEquals(4, timed.stillness().worked(), "the three pool threads that served requests, and the producer");
        String evidence = loomlab.lab.report.verdict.DiagnoseWords.evidence(timed.stillness());
        assertTrue(evidence.contains("(0 moved to another frame, 4 worked at the same frame (their CPU time rose), 0"
                + " ended and 0 started)"), evidence);
        List<Path> copies = new java.util.ArrayList<>();
        for (String n : List.of("1", "2")) {
            Path copy = alone.resolve("busy-pool-cpu-" + n + ".json");
            java.nio.file.Files.copy(Fixtures.dump("jdk25/busy-pool-cpu-" + n + ".json"), copy);
            copies.add(copy);
        }
        DiagnosedJvm plain = new DiagnoseRun(new PrintWriter(java.io.Writer.nullWriter()))
                .offline(DiagnoseRun.checkOffline(copies, null), null);
        assertEquals(Stillness.Verdict.HUNG, plain.stillness().verdict());
    }

    /**
     * A platform pool whose every thread stood in the service's code while nothing moved: an idle service and
     * one whose pool is held cannot be told apart, so undecided, not "nothing broke". Reversed: a healthy
     * service's dumps exit 0.
     */
    @Test
    void aPoolStandingStillIsUndecidedAndAHealthyServiceIsNot() {
        for (String jdk : List.of("jdk21", "jdk25")) {
            DiagnosedJvm held = pair(jdk + "/pool-exhausted");
            assertEquals(3, held.exitCode(), jdk + ": " + held.stillness());
            assertEquals("Undecided:", loomlab.lab.report.verdict.DiagnoseWords.block(held).getFirst());
            assertEquals(0, pair(jdk + "/healthy").exitCode(), jdk);
        }
    }

    /**
     * Issue 49: relay (Apache HttpClient 4.5.14 on JDK 21, captured by hand, libraries/README.md) hangs in a carrier
     * deadlock whose chain's link carries both frames: where the pinned thread waits, the pool's condition in
     * AbstractConnPool.getPoolEntryBlocking, and the service's own frame that called it. Reversed: a link whose
     * wait is the service's own (the lab's scenario program, its lock taken in its own code) carries one frame.
     */
    @Test
    void relaysCarrierDeadlockLinksThePoolsFrameAndTheServicesFrame() {
        DiagnosedJvm jvm = pair("libraries/jdk21/relay-httpclient-4.5.14");
        assertEquals(Stillness.Verdict.HUNG, jvm.stillness().verdict());
        Found found = jvm.found().getFirst();
        assertEquals("carrier-deadlock", found.kind());
        loomlab.core.breakage.Breakage.CarrierDeadlock deadlock =
                (loomlab.core.breakage.Breakage.CarrierDeadlock) found.classification();
        assertEquals("relay.RelayService.quote:75", deadlock.waiterFrame());
        assertEquals("a condition at org.apache.http.pool.AbstractConnPool.getPoolEntryBlocking:391", deadlock.lock());
        loomlab.core.breakage.WaitChain.Link link = deadlock.chain().links().getFirst();
        assertEquals("org.apache.http.pool.AbstractConnPool.getPoolEntryBlocking:391", link.frame());
        assertEquals("relay.RelayService.quote:75", link.userFrame());
        assertTrue(link.awaitsCondition());
        assertTrue(fixes(jvm).containsAll(List.of("httpclient4-pool-synchronized", "jep-491")), fixes(jvm)
                .toString());
        String words = loomlab.lab.report.verdict.BreakageWords.chain(deadlock.chain());
        assertTrue(words.contains("waiting for a condition at org.apache.http.pool.AbstractConnPool"
                + ".getPoolEntryBlocking:391 from relay.RelayService.quote:75"), words);

        loomlab.core.breakage.WaitChain.Link own = ((loomlab.core.breakage.Breakage.CarrierDeadlock)
                pair("jdk21/carrier-deadlock").found().getFirst().classification()).chain().links().getFirst();
        assertEquals(own.frame(), own.userFrame(), own.toString());
        assertFalse(own.awaitsCondition());
    }
}
