package loomlab.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmMode;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.core.result.RunResult;
import loomlab.threads.Threads;
import org.junit.jupiter.api.Test;

/** An arm's key as results.json writes it reads back as the same key: its mode and typed parameters whole. */
class ArmKeyJsonTest {
    private static JsonNode written(ArmKey key) {
        ObjectNode arm = Json.mapper().createObjectNode();
        arm.set("key", Json.mapper().valueToTree(key));
        arm.put("server", key.server() == null ? null : key.server().software());
        return arm;
    }

    @Test
    void everyArmOfEveryGoldenRunReadsBackAsTheKeyItWasWrittenFrom() throws Exception {
        for (RunResult run : List.of(FixedRun.run(), SweptRun.run(), AssessRun.run())) {
            List<ArmKey> keys = run.experiments().stream().flatMap(e -> e.arms().stream()).map(ArmResult::key)
                    .toList();
            List<ArmKey> read = new ArrayList<>();
            Json.mapper().readTree(new JsonFormat().render(run)).path("experiments")
                    .forEach(e -> e.path("arms").forEach(arm -> read.add(ArmKeyJson.read(arm))));
            assertEquals(keys, read, run.command());
        }
    }

    @Test
    void eachKindOfParameterReadsBackAsTheValueItWas() {
        ArmKey key = ArmKey.of(ServerId.SPRING, ServingModel.parse("platform:20")).withUsers(100).withPool(10)
                .withJdk(25).withParam("delay", ParamValue.millis(50)).withParam("tasks", ParamValue.count(1_000_000))
                .withParam("workload", ParamValue.named("downstream call"));
        JsonNode arm = written(key);
        assertEquals("{\"delay\":{\"ms\":50},\"tasks\":1000000,\"workload\":\"downstream call\"}",
                arm.path("key").path("params").toString(), "each value its own JSON kind");
        assertEquals(key, ArmKeyJson.read(arm));
        // Reversed: a figure that reads like a count but was written as words is a word, another arm.
        ((ObjectNode) arm.path("key").path("params")).put("tasks", "1,000,000 tasks");
        assertNotEquals(key, ArmKeyJson.read(arm));
        assertEquals(ParamValue.named("1,000,000 tasks"), ArmKeyJson.read(arm).param("tasks").orElseThrow());
    }

    @Test
    void aServersWordThatIsNoServingModelAndAProgramsWordReadBackAsWordsOnTheirThreads() {
        ArmKey frameworkPool = ArmKey.of(ServerId.SERVICE, ArmMode.FRAMEWORK_POOL);
        assertEquals(frameworkPool, ArmKeyJson.read(written(frameworkPool)));
        ArmKey program = ArmKey.program(Threads.VIRTUAL).withParam("case", ParamValue.named("synchronized"));
        assertEquals(program, ArmKeyJson.read(written(program)), "a program's own word, not the executor");
        assertTrue(ArmKeyJson.read(written(program)).mode().onVirtualThreads(), "a virtual word ran on virtual threads");
        ArmKey offload = ArmKey.program("virtual-offload", Threads.VIRTUAL);
        assertEquals("virtual", written(offload).path("key").path("threads").asText(), "the word's threads are written");
        assertTrue(ArmKeyJson.read(written(offload)).mode().onVirtualThreads());
        ArmKey served = ArmKey.of(ServerId.LOOMCAT, ServingModel.parse("virtual"));
        assertEquals(served, ArmKeyJson.read(written(served)), "the same word on a server is its serving model");
        assertNotEquals(served.mode(), program.mode());
        ArmKey diagnosed = ArmKey.program(ArmMode.label("pid 4242"));
        assertTrue(written(diagnosed).path("key").path("threads").isNull(), "a label names no threads");
        assertEquals(diagnosed, ArmKeyJson.read(written(diagnosed)));
    }

    @Test
    void aWordReadsBackOnTheThreadsItsKeyNamesAndAnExecutorOnlyOnItsOwn() {
        ObjectNode scope = (ObjectNode) written(ArmKey.program("scope", Threads.VIRTUAL));
        ((ObjectNode) scope.path("key")).put("threads", "platform");
        assertEquals(ArmKey.program("scope", Threads.PLATFORM), ArmKeyJson.read(scope), "the threads are read, not guessed");
        ObjectNode executor = (ObjectNode) written(ArmKey.program(ArmMode.ofExecutor("virtual")));
        ((ObjectNode) executor.path("key")).put("threads", "platform");
        assertEquals("the key's threads are 'platform', but its mode 'virtual' runs on virtual", assertThrows(
                IllegalArgumentException.class, () -> ArmKeyJson.read(executor)).getMessage());
        ((ObjectNode) scope.path("key")).put("threads", "green");
        assertEquals("unknown threads 'green'; choose one of: platform, virtual, event-loop", assertThrows(
                IllegalArgumentException.class, () -> ArmKeyJson.read(scope)).getMessage());
        ((ObjectNode) scope.path("key")).putNull("threads");
        assertEquals(ArmKey.program(ArmMode.label("scope")), ArmKeyJson.read(scope), "no threads: a label");
    }

    @Test
    void eachKindOfModeReadsBackAsItsKindSaysWithoutAGuess() {
        ArmKey taskExecutor = ArmKey.program(ArmMode.ofExecutor("virtual")).withParam("tasks", ParamValue.count(10_000));
        JsonNode written = written(taskExecutor);
        assertEquals("executor", written.path("key").path("mode_kind").asText());
        ArmKey read = ArmKeyJson.read(written);
        assertEquals(taskExecutor, read);
        assertTrue(read.mode().onVirtualThreads(), "a program's executor is the executor, virtual threads and all");
        ArmKey eventLoop = ArmKey.of(ServerId.WEBFLUX, ServingModel.EVENT_LOOP).withUsers(16);
        assertEquals("event-loop", written(eventLoop).path("key").path("mode_kind").asText());
        assertEquals(eventLoop, ArmKeyJson.read(written(eventLoop)));
        // Reversed: a server's arm whose mode is a word that spells an executor stays that word; a guess
        // from the spelling made it the executor, another arm.
        ArmKey wordOnServer = ArmKey.of(ServerId.LOOMCAT, ArmMode.named(Threads.VIRTUAL));
        assertEquals("word", written(wordOnServer).path("key").path("mode_kind").asText());
        assertEquals(wordOnServer, ArmKeyJson.read(written(wordOnServer)));
        assertNotEquals(ArmKey.of(ServerId.LOOMCAT, ServingModel.parse("virtual")), ArmKeyJson.read(written(wordOnServer)));
    }

    @Test
    void whatDoesNotReadAsAKeySaysWhatInOneLine() throws Exception {
        for (String bad : List.of("{\"name\": \"x\"}", "{\"key\": {\"server\": null, \"mode\": \"\", \"params\": {}}}",
                "{\"key\": {\"server\": null, \"mode\": \"virtual\", \"mode_kind\": \"executor\", \"users\": 1.5, \"params\": {}}}",
                "{\"key\": {\"server\": null, \"mode\": \"virtual\", \"mode_kind\": \"executor\", \"params\": {\"delay\": {\"s\": 1}}}}",
                "{\"key\": {\"server\": null, \"mode\": \"virtual\", \"mode_kind\": \"executor\", \"params\": {\"tasks\": -1}}}",
                "{\"key\": {\"server\": null, \"mode\": \"virtual\", \"params\": {}}}",
                "{\"key\": {\"server\": null, \"mode\": \"virtual\", \"mode_kind\": \"thread\", \"params\": {}}}",
                "{\"key\": {\"server\": null, \"mode\": \"virtual\", \"mode_kind\": \"event-loop\", \"params\": {}}}",
                "{\"key\": {\"server\": null, \"mode\": \"structured\", \"mode_kind\": \"executor\", \"params\": {}}}")) {
            String message = assertThrows(IllegalArgumentException.class,
                    () -> ArmKeyJson.read(Json.mapper().readTree(bad))).getMessage();
            assertEquals(1, message.lines().count(), message);
            assertTrue(!message.isBlank(), bad);
        }
        assertEquals("the key's mode 'virtual' has no mode_kind", assertThrows(IllegalArgumentException.class,
                () -> ArmKeyJson.mode("virtual", null, "virtual")).getMessage());
        assertEquals("the key's mode_kind is 'thread'; one of: executor, event-loop, word",
                assertThrows(IllegalArgumentException.class, () -> ArmKeyJson.mode("virtual", "thread", "virtual")).getMessage());
    }
}
