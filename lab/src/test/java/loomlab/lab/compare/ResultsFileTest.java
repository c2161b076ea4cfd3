package loomlab.lab.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import loomlab.core.BadInput;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.lab.report.Json;
import loomlab.lab.report.JsonFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsFileTest {
    private static final ArmKey VIRTUAL_20_ON_25 = new ArmKey(ServerId.LOOMCAT, ServingModel.parse("virtual"), 20, null,
            25, Map.of());

    @TempDir
    Path dir;

    @Test
    void readsTheFiguresOfEveryArmFromAFileOrItsFolder() throws Exception {
        Files.writeString(dir.resolve("results.json"), Files.readString(Path.of(
                "src/test/resources/golden/swept-results.json")));
        List<ArmFigure> figures = ResultsFile.read(dir).figures(Metric.THROUGHPUT_RPS);
        ArmFigure virtual20 = figures.get(4);
        assertEquals("service-to-service", virtual20.experiment());
        assertEquals("loomcat virtual, 20 users", virtual20.arm());
        assertEquals(VIRTUAL_20_ON_25, virtual20.identity(), "matched by key, the run's JDK named");
        assertEquals(380.0, virtual20.value(), 1e-9);
        assertEquals(372.4, virtual20.low(), 1e-9);
        assertEquals(387.6, virtual20.high(), 1e-9);
        assertEquals(1.4 * 20 / 380 * 1000, ResultsFile.read(dir.resolve("results.json")).figures(Metric.P99)
                .get(4).value(), 1e-6);
        ArmFigure taskArm = figures.get(6);
        assertEquals("light-tasks", taskArm.experiment());
        assertNull(taskArm.value());
    }

    @Test
    void theLoadOfAnArmIsItsProfileWaitPauseAndDuration() throws Exception {
        var mapper = loomlab.lab.report.Json.mapper();
        var counted = mapper.readTree("""
                {"duration_s": null, "think_s": null, "bound": {"waiting": {"source": "ENDPOINT_WAIT", "wait_s": 3.0}}}""");
        assertEquals("full profile, 3.00 s wait", ResultsFile.load("full", counted));
        var timed = mapper.readTree("""
                {"duration_s": 5, "think_s": 1.0, "bound": {"waiting": {"source": "UNLOADED_LATENCY", "wait_s": 0.02}}}""");
        assertEquals("quick profile, 1.00 s pause, 5.00 s long", ResultsFile.load("quick", timed));
        assertNull(ResultsFile.load(null, timed), "a file older than profiles");
        List<ArmFigure> golden = ResultsFile.read(Path.of("src/test/resources/golden/results.json"))
                .figures(Metric.ELAPSED_S);
        assertEquals("quick profile, 0.50 s wait", golden.get(4).load());
    }

    @Test
    void aFailedArmHasNoFigure() {
        Path golden = Path.of("src/test/resources/golden/results.json");
        List<ArmFigure> figures = ResultsFile.read(golden).figures(Metric.ELAPSED_S);
        assertEquals("spring virtual, 200 users", figures.get(7).arm());
        assertNull(figures.get(7).value());
        assertEquals(3.05, figures.get(4).value(), 1e-9);
    }

    @Test
    void rewordingANameChangesNoMatchAndAJdkChosenOrNotIsTheSameJdk() throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode arm = (com.fasterxml.jackson.databind.node.ObjectNode)
                loomlab.lab.report.Json.mapper().readTree("""
                        {"name": "loomcat virtual, 20 users", "jdk": "25.0.3+9-LTS",
                         "key": {"server": "loomcat", "mode": "virtual", "mode_kind": "executor", "threads": "virtual", "users": 20, "pool": null, "jdk": null,
                                 "params": {}}}""");
        ArmKey before = ResultsFile.identity(arm, 21);
        arm.put("name", "virtual threads with twenty users");
        assertEquals(before, ResultsFile.identity(arm, 21), "the name is not the identity");
        assertEquals(VIRTUAL_20_ON_25, before, "the arm's own runtime names its JDK");
        ((com.fasterxml.jackson.databind.node.ObjectNode) arm.get("key")).put("jdk", 25);
        assertEquals(before, ResultsFile.identity(arm, 21), "chosen with --jdk 25, still JDK 25");
        ((com.fasterxml.jackson.databind.node.ObjectNode) arm.get("key")).put("jdk", 21);
        assertNotEquals(before, ResultsFile.identity(arm, 21), "JDK 21 is another arm");
        arm.remove("key");
        assertThrows(IllegalArgumentException.class, () -> ResultsFile.identity(arm, 21),
                "every arm of this schema has a key: its name is never matched instead");
    }

    @Test
    void namedParametersMatchWhateverTheirOrderAndTellArmsApart() throws Exception {
        ArmKey waitThenDelay = ResultsFile.identity(Json.mapper().readTree("""
                {"key": {"server": "quarkus", "mode": "virtual", "mode_kind": "executor", "threads": "virtual", "users": 100, "pool": 10, "jdk": 25,
                         "params": {"wait": {"ms": 1000}, "delay": {"ms": 50}}}}"""), null);
        ArmKey delayThenWait = ResultsFile.identity(Json.mapper().readTree("""
                {"key": {"server": "quarkus", "mode": "virtual", "mode_kind": "executor", "threads": "virtual", "users": 100, "pool": 10, "jdk": 25,
                         "params": {"delay": {"ms": 50}, "wait": {"ms": 1000}}}}"""), null);
        ArmKey otherDelay = ResultsFile.identity(Json.mapper().readTree("""
                {"key": {"server": "quarkus", "mode": "virtual", "mode_kind": "executor", "threads": "virtual", "users": 100, "pool": 10, "jdk": 25,
                         "params": {"delay": {"ms": 60}, "wait": {"ms": 1000}}}}"""), null);
        assertEquals(waitThenDelay, delayThenWait);
        assertNotEquals(waitThenDelay, otherDelay);
        assertEquals(Optional.of(ParamValue.millis(50)), waitThenDelay.param("delay"), "read back as the value it was");
    }

    @Test
    void refusesAFileOfAnotherSchemaVersionNamingBoth() throws Exception {
        Files.writeString(dir.resolve("old.json"), "{\"schema\": \"loomlab.results/2\", \"experiments\": []}");
        assertTrue(message(dir.resolve("old.json")).endsWith("old.json has schema loomlab.results/2 and this lab"
                + " compares loomlab.results/5 only; run it again with this lab to compare it"), message(dir.resolve("old.json")));
    }

    @Test
    void explainsWhatIsWrongWithAFile() throws Exception {
        assertTrue(message(dir).startsWith("no results.json in "));
        assertTrue(message(dir.resolve("nope.json")).endsWith("nope.json: no such file or run folder"));
        Files.writeString(dir.resolve("broken.json"), "{\"schema\": ");
        assertTrue(message(dir.resolve("broken.json")).contains("broken.json is not valid JSON"));
        Files.writeString(dir.resolve("other.json"), "{\"name\": 1}");
        assertTrue(message(dir.resolve("other.json")).endsWith("other.json is not a Loom Lab results.json"
                + " (expected schema loomlab.results/5)"));
        Files.writeString(dir.resolve("keyless.json"), """
                {"schema": "loomlab.results/5", "experiments": [{"name": "x", "arms": [{"name": "y"}]}]}""");
        String keyless = assertThrows(BadInput.class, () -> ResultsFile.read(dir.resolve("keyless.json"))
                .figures(Metric.THROUGHPUT_RPS)).getMessage();
        assertTrue(keyless.endsWith("keyless.json: arm 'y' of x: no key, which results.json gives every arm"), keyless);
        assertEquals("results.json", new JsonFormat().fileName());
    }

    private static String message(Path path) {
        String message = assertThrows(BadInput.class, () -> ResultsFile.read(path)).getMessage();
        assertEquals(1, message.lines().count(), message);
        return message;
    }
}
