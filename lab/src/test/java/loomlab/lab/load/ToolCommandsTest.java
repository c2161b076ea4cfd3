package loomlab.lab.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import loomlab.core.BadInput;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.Warmup;
import loomlab.core.bound.Pause;
import loomlab.lab.load.engines.StandardEngines;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command lines each tool gets for the lab's kinds of arm, and the choice of engine. */
class ToolCommandsTest {
    private static final URI TARGET = URI.create("http://127.0.0.1:8080/blocking/1000");
    private static final HttpArmPlan COUNTED = HttpArmPlan.forRequests(ServerId.LOOMCAT, ExecutorMode.platform(10),
            new Endpoint.Sleep(1000), 20, 60, new Warmup(Duration.ofSeconds(1), new Endpoint.Sleep(1)));
    private static final HttpArmPlan TIMED = HttpArmPlan.forDuration(ServerId.LOOMCAT, ExecutorMode.virtual(),
            new Endpoint.Sleep(20), 20, Duration.ofSeconds(2), Warmup.none(new Endpoint.Sleep(20)));
    private static final HttpArmPlan PAUSED = paused();

    private static HttpArmPlan paused() {
        HttpArmPlan plan = HttpArmPlan.forRequests(ServerId.QUARKUS, ExecutorMode.virtual(),
                new Endpoint.DatabaseRead(0), 100, 250, new Warmup(Duration.ofSeconds(2), new Endpoint.DatabaseRead(0)));
        return plan.withLoad(plan.load().withPause(Pause.fixed(Duration.ofSeconds(1))));
    }

    @TempDir
    Path work;

    @Test
    void abGetsACountOrATimeAndKeepsItsConnectionsAlive() {
        assertEquals(List.of("ab", "-q", "-r", "-k", "-c", "20", "-s", "60", "-n", "60", TARGET.toString()),
                new AbTool().command(COUNTED, TARGET, work));
        assertEquals(List.of("ab", "-q", "-r", "-k", "-c", "20", "-s", "60", "-t", "2", "-n", "100000000",
                TARGET.toString()), new AbTool().command(TIMED, TARGET, work));
        assertEquals(Pause.NONE, new AbTool().asRun(PAUSED).load().pause(), "ab cannot pause");
    }

    @Test
    void siegeGetsRoundsPerUserOrATimeAndItsDelayOrBenchmarkMode() throws Exception {
        List<String> counted = new SiegeTool().command(COUNTED, TARGET, work);
        assertTrue(counted.get(1).startsWith("--rc=" + work), counted.toString());
        assertEquals(List.of("-c", "20", "-r", "3", "-b", TARGET.toString()), counted.subList(2, counted.size()));
        String settings = Files.readString(Path.of(counted.get(1).substring("--rc=".length())));
        assertTrue(settings.contains("connection = keep-alive") && settings.contains("json_output = true"), settings);
        assertEquals(List.of("-c", "20", "-t", "2S", "-b", TARGET.toString()),
                tail(new SiegeTool().command(TIMED, TARGET, work)));
        assertEquals(List.of("-c", "100", "-r", "3", "-d", "1.0", TARGET.toString()),
                tail(new SiegeTool().command(PAUSED, TARGET, work)));
        assertTrue(new SiegeTool().differences(PAUSED).startsWith("3 rounds per user, 300 requests in all; -d 1.0"
                + " waits a random 0 to 1.0 s before each request"), new SiegeTool().differences(PAUSED));
        assertEquals(Pause.Model.UNIFORM_BEFORE_REQUEST, new SiegeTool().asRun(PAUSED).load().pause().model(),
                "the bound models siege's random pause before each request");
    }

    @Test
    void wrkRunsForATimeAndAScriptStopsItAfterACountAndPauses() throws Exception {
        assertEquals(List.of("wrk", "-t1", "-c20", "-d2s", "--timeout", "60s", "--latency", TARGET.toString()),
                new WrkTool().command(TIMED, TARGET, work));
        List<String> counted = new WrkTool().command(COUNTED, TARGET, work);
        assertEquals("-s", counted.get(counted.size() - 3));
        String script = Files.readString(Path.of(counted.get(counted.size() - 2)));
        assertTrue(script.contains("if answered == 60 then"), script);
        assertTrue(WrkTool.script(PAUSED).orElseThrow().startsWith("function delay()\n  return 1000\nend\n"));
        assertTrue(WrkTool.script(TIMED).isEmpty());
    }

    @Test
    void enginesAreChosenByNameAndAMissingToolSaysHowToInstallIt() {
        Engines engines = StandardEngines.of(Path.of("/lab"));
        assertEquals(Engines.WRK, engines.parse("wrk"));
        assertEquals(Engines.LAB, engines.parse(" LAB "));
        BadInput unknown = assertThrows(BadInput.class, () -> engines.parse("jmeter"));
        assertEquals("unknown engine 'jmeter'; choose from: lab, ab, siege, wrk, locust", unknown.getMessage());
        assertTrue(Engines.onPath("sh", "/nonexistent:/bin:/usr/bin").isPresent());
        assertTrue(Engines.onPath("no-such-load-tool", "/bin:/usr/bin").isEmpty());
        assertEquals(Engines.LAB, Engines.LAB.requireInstalled(""));
        BadInput missing = assertThrows(BadInput.class, () -> Engines.WRK.requireInstalled("/nonexistent"));
        assertEquals("--engine wrk: wrk is not installed; install it with 'apt-get install wrk' (Debian, Ubuntu)"
                + " or use --engine lab", missing.getMessage());
        assertEquals("--engine ab: ab is not installed; install it with 'apt-get install apache2-utils' (Debian,"
                + " Ubuntu) or use --engine lab", assertThrows(BadInput.class,
                () -> Engines.AB.requireInstalled("")).getMessage());
        assertEquals("--engine locust needs python3 with venv and pip to install Locust 2.47.0: install them with"
                + " 'apt-get install python3 python3-venv python3-pip' (Debian, Ubuntu) or use --engine lab",
                assertThrows(BadInput.class, () -> engines.parse("locust").requireInstalled("/nonexistent"))
                        .getMessage());
    }

    private static List<String> tail(List<String> command) {
        return command.subList(2, command.size());
    }
}
