package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import loomlab.lab.jdk.JdkSearch;
import loomlab.lab.process.ChildProcess;
import loomlab.lab.report.Json;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code loomlab diagnose --pid} against loomcat on JDK 21 with virtual threads, a real JVM the test
 * starts: its deadlock path named as a carrier deadlock with its chain to loomcat's frame, exit 1; a
 * healthy loomcat under load named nothing, exit 0; and in every case the JVM left as it was, running,
 * with no recording of the lab's in it, also when diagnose is interrupted. And the committed fixtures read
 * offline with the exit code of what they show.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class DiagnoseIT {
    private static final Path FIXTURES = CliProcess.HOME.resolve("lab/src/test/resources/thread-dumps");
    private static final Pattern LISTENING = Pattern.compile("listening on http://127\\.0\\.0\\.1:(\\d+)");

    @TempDir
    Path dir;

    private Process loomcat;
    private final List<Thread> clients = new ArrayList<>();
    private final AtomicBoolean loading = new AtomicBoolean(true);

    @AfterEach
    void stop() throws InterruptedException {
        loading.set(false);
        // The server goes first: a client of a deadlocked server waits in its request until the
        // connection closes, so joining it before would wait out the request's own timeout.
        if (loomcat != null) {
            loomcat.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            // diagnose's jcmd attached to it, and a JVM stopped by force leaves its attach socket in /tmp.
            ChildProcess.removeAttachSockets(List.of(loomcat.toHandle()));
        }
        for (Thread client : clients) {
            client.join(Duration.ofSeconds(10));
        }
    }

    /** loomcat on JDK 21, virtual threads on two carriers, and the port it listens on. */
    private int startLoomcatOnJdk21() throws IOException, InterruptedException {
        var jdk21 = JdkSearch.standard(CliProcess.HOME, System.getenv(),
                Path.of(System.getProperty("user.home"))).find(21);
        assumeTrue(jdk21.isPresent(), "no JDK 21 on this machine (./loomlab install jdk21)");
        AssessRun.requireBuilt(AssessRun.LOOMCAT);
        Path log = dir.resolve("loomcat.log");
        loomcat = new ProcessBuilder(jdk21.get().home().resolve("bin/java").toString(),
                "-Djdk.virtualThreadScheduler.parallelism=2", "-Djdk.virtualThreadScheduler.maxPoolSize=2", "-jar",
                AssessRun.LOOMCAT.toString(), "--port", "0", "--mode", "virtual")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            Matcher listening = LISTENING.matcher(Files.readString(log));
            if (listening.find()) {
                return Integer.parseInt(listening.group(1));
            }
            assertTrue(loomcat.isAlive(), "loomcat ended: " + Files.readString(log));
            Thread.sleep(100);
        }
        throw new AssertionError("loomcat did not listen: " + Files.readString(log));
    }

    /** Clients that send {@code path} again and again until the test ends; counts the answers. */
    private AtomicLong load(int port, String path, int clientCount) {
        AtomicLong answered = new AtomicLong();
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        for (int i = 0; i < clientCount; i++) {
            clients.add(Thread.ofPlatform().daemon(true).start(() -> {
                while (loading.get()) {
                    try {
                        http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.discarding());
                        answered.incrementAndGet();
                    } catch (IOException e) {
                        // a deadlocked server times out: the client tries no more
                        return;
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }));
        }
        return answered;
    }

    private String recordings() throws IOException, InterruptedException {
        Path jcmd = Path.of(loomcat.info().command().orElseThrow()).resolveSibling("jcmd");
        Process check = new ProcessBuilder(jcmd.toString(), Long.toString(loomcat.pid()), "JFR.check")
                .redirectErrorStream(true).start();
        String output = new String(check.getInputStream().readAllBytes());
        check.waitFor(30, TimeUnit.SECONDS);
        return output;
    }

    @Test
    void loomcatsDeadlockOnJdk21IsACarrierDeadlockWithItsChainAndExitOne() throws Exception {
        int port = startLoomcatOnJdk21();
        AtomicLong answered = load(port, "/deadlock/50", 8);
        Thread.sleep(1_000);
        long before = answered.get();
        Thread.sleep(1_000);
        assertEquals(before, answered.get(), "loomcat hung before it is diagnosed");

        Path out = dir.resolve("out");
        long started = System.nanoTime();
        CliRun run = CliRun.of("diagnose", "--pid", Long.toString(loomcat.pid()), "--out", out.toString());
        double tookS = (System.nanoTime() - started) / 1e9;
        assertEquals(1, run.exitCode(), run.err());

        JsonNode arm = Json.mapper().readTree(out.resolve("results.json").toFile()).path("experiments").get(0)
                .path("arms").get(0);
        JsonNode found = arm.path("found").get(0);
        assertEquals("carrier-deadlock", found.path("kind").asText(), arm.toString());
        assertTrue(found.path("frames").toString().contains("loomlab.loomcat.LockEndpoints.sharedLockSleep"), found.toString());
        JsonNode chain = found.path("classification").path("chain");
        assertTrue(chain.path("links").size() >= 2, "the chain from a pinned waiter to the lock's holder: " + chain);
        assertTrue(chain.toString().contains("loomlab.loomcat.LockEndpoints.sharedLockSleep"), chain.toString());
        assertEquals("hung", arm.path("stillness").path("verdict").asText(), arm.path("stillness").toString());
        assertTrue(found.path("known_fixes").toString().contains("\"id\":\"jep-491\""), found.toString());
        // A deadlock settles the window early: three dumps two seconds apart, not the ten seconds asked for.
        assertFalse(arm.path("stopped_early").isNull(), arm.toString());
        assertTrue(arm.path("stillness").path("span_s").asDouble() < 10, arm.path("stillness").toString());
        System.out.printf("diagnose named the deadlock in %.1f s (the command, the lab's JVM already up)%n", tookS);

        assertTrue(run.out().contains("What broke:") && run.out().contains("carrier-deadlock"), run.out());
        for (String file : List.of("summary.md", "report.html")) {
            assertTrue(Files.isRegularFile(out.resolve(file)), file);
        }
        assertOnlyObserved(arm);
    }

    @Test
    void aHealthyLoomcatUnderLoadNamesNothingAndExitsZero() throws Exception {
        int port = startLoomcatOnJdk21();
        AtomicLong hello = load(port, "/hello", 2);
        AtomicLong locked = load(port, "/lock/5", 4);
        Thread.sleep(1_000);
        long before = hello.get() + locked.get();

        Path out = dir.resolve("out");
        CliRun run = CliRun.of("diagnose", "--pid", Long.toString(loomcat.pid()), "--seconds", "6", "--out",
                out.toString());
        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(hello.get() + locked.get() > before + 50, "under load while it was diagnosed");

        JsonNode arm = Json.mapper().readTree(out.resolve("results.json").toFile()).path("experiments").get(0)
                .path("arms").get(0);
        assertEquals(0, arm.path("found").size(), arm.path("found").toString());
        assertFalse(arm.path("broke").asBoolean());
        assertTrue(arm.path("stillness").path("dumps").asInt() >= 3, arm.path("stillness").toString());
        assertTrue(arm.path("stopped_early").isNull());
        assertTrue(run.out().contains("Nothing broke:"), run.out());
        assertOnlyObserved(arm);
    }

    @Test
    void interruptedItStillStopsAndRemovesItsRecording() throws Exception {
        CliProcess.assumeCtrlCReachesChildren();
        int port = startLoomcatOnJdk21();
        load(port, "/hello", 2);
        Path log = dir.resolve("diagnose.log");
        Process diagnose = CliProcess.start(log, "diagnose", "--pid", Long.toString(loomcat.pid()), "--seconds", "120",
                "--out", dir.resolve("out").toString());
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.readString(log).contains("dump 2 at") && System.nanoTime() < deadline) {
                assertTrue(diagnose.isAlive(), Files.readString(log));
                Thread.sleep(100);
            }
            assertTrue(recordings().contains("loomlab-diagnose-" + loomcat.pid()), "its recording runs: " + recordings());
            new ProcessBuilder("kill", "-INT", Long.toString(diagnose.pid())).start().waitFor();
            assertTrue(diagnose.waitFor(60, TimeUnit.SECONDS), "diagnose ended on Ctrl-C: " + Files.readString(log));
        } finally {
            diagnose.destroyForcibly();
        }
        assertFalse(recordings().contains("loomlab-diagnose"), "no recording of the lab's is left: " + recordings());
        assertTrue(loomcat.isAlive(), "the JVM diagnosed runs on");
        assertFalse(Files.exists(dir.resolve("out").resolve("results.json")), "no results from a window cut short");
    }

    @Test
    void fixturesReadOfflineExitOneForAHangZeroForAHealthyServiceAndThreeForOneDump() {
        Path out = dir.resolve("hung");
        CliRun hung = CliRun.of("diagnose", FIXTURES.resolve("jdk21/carrier-deadlock-1.json").toString(),
                FIXTURES.resolve("jdk21/carrier-deadlock-2.json").toString(), "--out", out.toString());
        assertEquals(1, hung.exitCode(), hung.err());
        assertTrue(hung.out().contains("What broke:") && hung.out().contains("carrier-deadlock"), hung.out());
        assertTrue(Files.isRegularFile(out.resolve("results.json")));

        CliRun healthy = CliRun.of("diagnose", FIXTURES.resolve("jdk25/healthy-1.json").toString(),
                FIXTURES.resolve("jdk25/healthy-2.json").toString(), "--out", dir.resolve("healthy").toString());
        assertEquals(0, healthy.exitCode(), healthy.out() + healthy.err());
        assertTrue(healthy.out().contains("Nothing broke:"), healthy.out());

        CliRun one = CliRun.of("diagnose", FIXTURES.resolve("jdk21/carrier-deadlock-1.json").toString(), "--out",
                dir.resolve("one").toString());
        assertEquals(3, one.exitCode(), one.out() + one.err());
        assertTrue(one.out().contains("Undecided:") && one.out().contains("take another dump in a few seconds"),
                one.out());
        assertFalse(one.out().contains("Nothing broke"), one.out());
    }

    @Test
    void aProcessThatIsNoJvmIsRefusedAndNeverAttachedTo() throws Exception {
        Process sleep = new ProcessBuilder("sleep", "60").start();
        try {
            Path out = dir.resolve("never");
            CliRun.of("diagnose", "--pid", Long.toString(sleep.pid()), "--out", out.toString())
                    .assertRefused("--pid " + sleep.pid() + ": process " + sleep.pid() + " (");
            assertTrue(sleep.isAlive(), "sent no attach signal: it would have ended sleep");
            assertFalse(Files.exists(out));
        } finally {
            sleep.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** What the lab did to the JVM: jcmd's version, dumps and its own recording, nothing else; and the JVM runs on. */
    private void assertOnlyObserved(JsonNode arm) throws IOException, InterruptedException {
        for (JsonNode call : arm.path("target_calls")) {
            String command = call.asText().split(" ")[2];
            assertTrue(List.of("VM.version", "Thread.dump_to_file", "Thread.print", "Thread.vthread_scheduler", "JFR.start",
                    "JFR.stop")
                    .contains(command), call.asText());
        }
        assertTrue(loomcat.isAlive(), "the JVM diagnosed runs on");
        assertFalse(recordings().contains("loomlab-diagnose"), "no recording of the lab's is left: " + recordings());
    }
}
