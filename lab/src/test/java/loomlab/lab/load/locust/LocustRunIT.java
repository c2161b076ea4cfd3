package loomlab.lab.load.locust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import loomlab.core.BadInput;
import loomlab.core.arm.DistributedLoad;
import loomlab.core.arm.WeightedRequest;
import loomlab.core.bound.Pause;
import loomlab.lab.process.ChildDied;
import loomlab.lab.process.ProcessSupervisor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Locust run that goes wrong: a worker that never joins is named once the master gives up, a
 * worker whose start fails is named with its log, and an interrupted run leaves no process behind.
 * Skips with the reason when Locust cannot be installed.
 */
class LocustRunIT {
    /** Nothing listens on the discard port: these runs never get as far as loading anything that matters. */
    private static final LocustArm NOWHERE = new LocustArm("nowhere", URI.create("http://127.0.0.1:9"),
            List.of(WeightedRequest.get("/")), 1, 0, Duration.ofSeconds(30), Pause.fixed(Duration.ofMillis(100)),
            Duration.ofSeconds(1));
    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path work;

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream console = new PrintStream(printed, true, StandardCharsets.UTF_8);

    @BeforeAll
    static void locustIsInstalled() throws InterruptedException {
        try {
            new LocustInstall(HOME).ensure(new PrintStream(OutputStream.nullOutputStream()), new ProcessSupervisor());
        } catch (BadInput missing) {
            Assumptions.abort(missing.getMessage());
        }
    }

    @AfterEach
    void nothingIsLeftRunning() {
        assertEquals(0, ProcessSupervisor.liveCount());
    }

    @Test
    void aWorkerThatNeverJoinsIsNamedAndItsCommandWasPrinted() {
        LocustWorkers workers = new LocustWorkers(1, List.of(), 1, LocustWorkers.LOOPBACK, 0, List.of("locust"));
        ChildDied failure = assertThrows(ChildDied.class, () -> run(workers, Duration.ofSeconds(3)));
        assertTrue(failure.getMessage().startsWith("locust: 1 of 2 workers did not join the master within 3 s:"
                + " external-1"), failure.getMessage());
        String output = printed.toString(StandardCharsets.UTF_8);
        assertTrue(output.contains("start worker external-1 on its host"), output);
        assertTrue(output.contains("LOOMLAB_WORKER=external-1 locust --worker --master-host 127.0.0.1 --master-port "),
                output);
    }

    @Test
    void aRemoteWorkerWhoseStartFailsIsNamedWithItsLog() {
        RemoteShell unreachable = script -> List.of("sh", "-c", "echo 'ssh: connect to host web-1 port 22: refused';"
                + " exit 255");
        LocustWorkers workers = new LocustWorkers(0, List.of(new LocustWorkers.RemoteWorker("web-1", unreachable)), 0,
                LocustWorkers.LOOPBACK, 0, List.of("locust"));
        ChildDied failure = assertThrows(ChildDied.class, () -> run(workers, Duration.ofSeconds(30)));
        assertTrue(failure.getMessage().startsWith("locust worker web-1 ended (exit code 255) before it joined the"
                + " master"), failure.getMessage());
        assertTrue(failure.getMessage().contains("port 22: refused"), failure.getMessage());
    }

    @Test
    void anInterruptedRunStopsTheMasterAndItsWorkers() throws Exception {
        AtomicReference<Throwable> ended = new AtomicReference<>();
        Thread runner = Thread.ofPlatform().start(() -> {
            try {
                run(LocustWorkers.local(2), LocustRun.JOIN_LIMIT);
            } catch (Throwable e) {
                ended.set(e);
            }
        });
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!printed.toString(StandardCharsets.UTF_8).contains("worker(s) joined") && System.nanoTime() < deadline
                && runner.isAlive()) {
            Thread.sleep(50);
        }
        assertTrue(printed.toString(StandardCharsets.UTF_8).contains("2 worker(s) joined"), printed.toString());
        runner.interrupt();
        runner.join(Duration.ofSeconds(30));
        assertInstanceOf(InterruptedException.class, ended.get());
        assertEquals(0, ProcessSupervisor.liveCount(), "master and workers stopped");
        assertTrue(ProcessHandle.current().descendants().noneMatch(p -> p.info().commandLine().orElse("")
                .contains("locust")), "no Locust process is left");
        try (var files = java.nio.file.Files.list(work)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().startsWith("loomlab-locust.")),
                    "the stopped workers removed their temporary folders");
        }
    }

    /**
     * A count is shared among the workers by the users each reported spawned, whenever those reports come:
     * Locust's master stops waiting for them after LOCUST_WAIT_FOR_WORKERS_REPORT_AFTER_RAMP_UP (1 s), and
     * a worker that reported later counted as having no users (on a busy machine, 40 requests of 2 workers
     * with 2 users each were once shared 0 and 40). With that wait at 0 the reports always come late: 3
     * users on 2 workers still share 40 requests 27 and 13, and each worker sends its share.
     */
    @Test
    void aCountIsSharedByTheUsersEachWorkerReportedHoweverLateTheReportsCome() throws Exception {
        LocustArm counted = new LocustArm("counted", URI.create("http://127.0.0.1:9"), List.of(WeightedRequest.get("/")),
                3, 40, null, Pause.NONE, Duration.ofSeconds(1));
        LocustStatistics figures = new LocustRun(new LocustInstall(HOME), LocustWorkers.local(2),
                new ProcessSupervisor(), work, console, LocustRun.JOIN_LIMIT,
                Map.of("LOCUST_WAIT_FOR_WORKERS_REPORT_AFTER_RAMP_UP", "0"))
                .run(counted, Duration.ofMinutes(2), LocustRun.Window.NONE);
        assertEquals(List.of(13L, 27L), figures.workers().stream().map(DistributedLoad.WorkerLoad::requests).sorted()
                .toList(), figures.workers().toString());
        assertEquals(40, figures.sent(), "every request of the count was sent, once");
    }

    private LocustStatistics run(LocustWorkers workers, Duration joinLimit) throws InterruptedException {
        return new LocustRun(new LocustInstall(HOME), workers, new ProcessSupervisor(), work, console, joinLimit,
                Map.of()).run(NOWHERE, Duration.ofMinutes(1), LocustRun.Window.NONE);
    }
}
