package loomlab.lab.load.locust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import loomlab.core.BadInput;
import loomlab.core.ShellWords;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.Warmup;
import loomlab.core.arm.WeightedPath;
import loomlab.core.arm.WeightedRequest;
import loomlab.core.bound.Pause;
import loomlab.lab.load.Capability;
import loomlab.lab.load.Engines;
import loomlab.lab.load.engines.StandardEngines;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.Test;

/** The locustfile, the master's command line and the workers' start scripts of a Locust run; where workers go. */
class LocustCommandsTest {
    private static final URI TARGET = URI.create("http://127.0.0.1:8080/downstream?delay=50");
    private static final HttpArmPlan TIMED = HttpArmPlan.forDuration(ServerId.LOOMCAT, ExecutorMode.virtual(),
            new Endpoint.DownstreamCall(50), 20, Duration.ofSeconds(5), Warmup.none(new Endpoint.Hello()));
    private static final HttpArmPlan COUNTED = HttpArmPlan.forRequests(ServerId.LOOMCAT, ExecutorMode.platform(10),
            new Endpoint.Sleep(1000), 20, 60, Warmup.none(new Endpoint.Hello()));
    private static final List<String> LOCUST = List.of("/lab/.loomlab/locust-2.47.0/bin/python", "-m", "locust");

    @Test
    void theHeaderHoldsTheArmsSettingsAsPython() {
        LocustArm arm = LocustArm.of(TIMED, TARGET, Duration.ofSeconds(60));
        assertEquals(URI.create("http://127.0.0.1:8080"), arm.host());
        assertEquals("""
                # Loom Lab's locustfile for one arm: loomcat virtual, 20 users
                # Written by the lab for this run; the workers download it from the master.
                REQUESTS = 0  # in all, shared among the workers; 0: the arm runs for DURATION_S
                DURATION_S = 5.0  # measured from the start signal; 0: the arm counts REQUESTS
                # Each request as the lab's generator sends it: method, path, headers in order, body (base64)
                MIX = [("GET", "/downstream?delay=50", [], "")]
                WEIGHTS = [1]
                PAUSE_S = 0.0
                PAUSE_MODEL = "fixed_after_answer"  # fixed_after_answer: constant wait time; uniform_before_request: \
                0 to PAUSE_S before each request
                TIMEOUT_S = 60.0
                """, Locustfile.header(arm));
    }

    @Test
    void weightedPathsACountAndSiegesPauseGoIntoTheHeader() {
        HttpArmPlan mix = COUNTED.withEndpoint(new Endpoint.Paths(List.of(WeightedPath.parse("/orders@3"),
                WeightedPath.parse("/a\"b")))).withLoad(COUNTED.load().withPause(
                new Pause(Duration.ofMillis(1500), Pause.Model.UNIFORM_BEFORE_REQUEST)));
        String header = Locustfile.header(LocustArm.of(mix, URI.create("http://10.0.0.1:80"), Duration.ofSeconds(2)));
        assertTrue(header.contains("\nREQUESTS = 60  #"), header);
        assertTrue(header.contains("\nDURATION_S = 0.0  #"), header);
        assertTrue(header.contains("\nMIX = [(\"GET\", \"/orders\", [], \"\"), (\"GET\", \"/a\\\"b\", [], \"\")]\n"
                + "WEIGHTS = [3, 1]\n"), header);
        assertTrue(header.contains("\nPAUSE_S = 1.5\nPAUSE_MODEL = \"uniform_before_request\""), header);
        assertTrue(header.contains("\nTIMEOUT_S = 2.0\n"), header);
        assertEquals("\"caf\\u00e9\\\\\"", Locustfile.pythonString("café\\"));
    }

    @Test
    void theBodyIsTheSameForEveryArmAndDefinesAFastHttpUser() {
        String file = Locustfile.render(LocustArm.of(TIMED, TARGET, Duration.ofSeconds(60)));
        assertTrue(file.endsWith(Locustfile.BODY));
        for (String part : List.of("class ArmUser(FastHttpUser):", "wait_time = constant(PAUSE_S if PAUSE_MODEL ==",
                "@events.spawning_complete.add_listener", "runner.send_message(\"loomlab_start\"",
                "raise StopUser()", "runner.send_message(\"loomlab_stop\"", "environment.runner._send_stats()",
                "gevent.sleep(random.uniform(0, PAUSE_S))", "os.replace(partial, SUMMARY)")) {
            assertTrue(Locustfile.BODY.contains(part), part);
        }
    }

    @Test
    void theMasterWaitsForEveryWorkerAndWritesItsStatisticsAsCsv() {
        LocustArm arm = LocustArm.of(TIMED, TARGET, Duration.ofSeconds(60));
        LocustWorkers workers = LocustWorkers.local(2);
        assertEquals(List.of("env", "LOOMLAB_SUMMARY=/w/summary.json", "/lab/.loomlab/locust-2.47.0/bin/python", "-m",
                "locust", "-f", "/w/locustfile.py", "--headless", "--master", "--master-bind-host", "127.0.0.1",
                "--master-bind-port", "40001", "--expect-workers", "2", "--expect-workers-max-wait", "60", "-u", "20",
                "-r", "20", "-t", "36s", "-H", "http://127.0.0.1:8080", "--csv", "/w/locust", "--only-summary",
                "--exit-code-on-error", "0"), LocustCommands.master(LOCUST, arm, workers, 40001,
                Path.of("/w/locustfile.py"), Path.of("/w/locust"), Path.of("/w/summary.json"), Duration.ofSeconds(60),
                LocustCommands.runLimit(arm, Duration.ofMinutes(5))));
        assertEquals(Duration.ofMinutes(5), LocustCommands.runLimit(LocustArm.of(COUNTED, TARGET,
                Duration.ofSeconds(60)), Duration.ofMinutes(5)), "a counted arm stops itself; the limit is the lab's");
        assertEquals(200, LocustCommands.spawnRate(1000, 2), "at most 100 new users per second and worker");
        assertEquals(20, LocustCommands.spawnRate(20, 2));
    }

    @Test
    void aWorkerDownloadsTheLocustfileIntoAFolderOfItsOwnAndRunsThereLocallyOverSshOrAnywhere() {
        String script = LocustCommands.workerScript("web-2", List.of("locust"), "192.0.2.10", 5557);
        assertEquals("dir=$(mktemp -d \"${TMPDIR:-/tmp}/loomlab-locust.XXXXXX\") || exit 1; cd \"$dir\" || exit 1; "
                + "TMPDIR=\"$dir\" LOOMLAB_WORKER=web-2 locust --worker --master-host 192.0.2.10 --master-port 5557"
                + " -f - & worker=$!; trap 'kill -TERM \"$worker\" 2>/dev/null' HUP INT TERM; wait \"$worker\";"
                + " status=$?; while kill -0 \"$worker\" 2>/dev/null; do wait \"$worker\"; status=$?; done;"
                + " cd /; rm -rf \"$dir\"; exit $status", script);
        assertEquals("TMPDIR='/runs/a b'; export TMPDIR; " + script, LocustCommands.localWorkerScript("web-2",
                List.of("locust"), "192.0.2.10", 5557, java.nio.file.Path.of("/runs/a b")));
        assertEquals(List.of("sh", "-c", script), RemoteShell.local().command(script));
        assertEquals(List.of("ssh", "-tt", "-o", "BatchMode=yes", "-o", "ConnectTimeout=10", "me@web-2",
                "sh -c 'echo '\\''hi'\\'''"), RemoteShell.ssh("me@web-2").command("echo 'hi'"));
        assertTrue(LocustCommands.workerScript("local-1", LOCUST, "127.0.0.1", 1).contains(
                " /lab/.loomlab/locust-2.47.0/bin/python -m locust --worker"));
        assertEquals("'a b'", ShellWords.quote("a b"));
        assertEquals("''", ShellWords.quote(""));
    }

    @Test
    void workersGoWhereTheCommandLineSaysAndEachHasAName() {
        LocustWorkers defaults = LocustWorkers.parse(null, null, 0, null, null, null);
        assertEquals(List.of("local-1"), defaults.names());
        assertEquals(0, defaults.masterPort(), "a free port when every worker is local");
        LocustWorkers spread = LocustWorkers.parse(1, "web-1, me@web-2,web-1", 2, "192.0.2.10", null, "/opt/l/bin/locust");
        assertEquals(List.of("local-1", "web-1", "me@web-2", "web-1#2", "external-1", "external-2"), spread.names());
        assertEquals(6, spread.count());
        assertEquals(LocustWorkers.DEFAULT_PORT, spread.masterPort());
        assertEquals(List.of("/opt/l/bin/locust"), spread.workerLocust());
        assertEquals("1 local, 3 remote (web-1, me@web-2, web-1#2), 2 external", spread.describe());
        assertEquals(0, LocustWorkers.parse(null, "web-1", 0, "192.0.2.10", 6000, null).local(),
                "with other hosts, no local worker unless asked for");
        Locust locust = Locust.engine(Path.of("/lab"));
        assertEquals("192.0.2.10", locust.with(spread).serverAddress(), "servers listen where workers reach");
        assertEquals(null, locust.serverAddress(), "local workers: loopback");
    }

    @Test
    void workersThatCannotWorkAreBadInput() {
        assertEquals("--worker-hosts 'a,,b' has an empty item; give HOST[,HOST...]", assertThrows(BadInput.class,
                () -> LocustWorkers.parse(null, "a,,b", 0, "192.0.2.10", null, null)).getMessage());
        assertEquals("--worker-hosts: '-oProxyCommand=x' is not a host name ([USER@]HOST)", assertThrows(BadInput.class,
                () -> LocustWorkers.parse(null, "-oProxyCommand=x", 0, "192.0.2.10", null, null)).getMessage());
        assertEquals("--worker-hosts needs --master-address: the address of this machine that the workers reach"
                + " Locust's master at", assertThrows(BadInput.class,
                () -> LocustWorkers.parse(null, "web-1", 0, null, null, null)).getMessage());
        assertEquals("--external-workers needs --master-address: the address of this machine that the workers reach"
                + " Locust's master at", assertThrows(BadInput.class,
                () -> LocustWorkers.parse(null, null, 1, null, null, null)).getMessage());
        assertEquals("--master-address 'lab.example' is not an IP address of this machine", assertThrows(
                BadInput.class, () -> LocustWorkers.parse(null, "web-1", 0, "lab.example", null, null)).getMessage());
        assertEquals("--workers needs --engine locust (the lab engine cannot run its users in several worker"
                + " processes or on other machines)", assertThrows(BadInput.class,
                () -> StandardEngines.of(Path.of("/lab")).require(Engines.LAB, Capability.DISTRIBUTED, "--workers"))
                .getMessage());
    }

    @Test
    void aPostGoesIntoTheMixWithItsHeadersInOrderAndItsBodyInBase64() {
        WeightedRequest post = new WeightedRequest("POST", "/orders", List.of(new WeightedRequest.Header("Content-Type",
                "application/json"), new WeightedRequest.Header("X-A", "1")), "{\"item\":7}".getBytes(
                java.nio.charset.StandardCharsets.UTF_8), 2);
        assertEquals("(\"POST\", \"/orders\", [(\"Content-Type\", \"application/json\"), (\"X-A\", \"1\")], "
                + "\"eyJpdGVtIjo3fQ==\")", Locustfile.request(post));
    }
}
