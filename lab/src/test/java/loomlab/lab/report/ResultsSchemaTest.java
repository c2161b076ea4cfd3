package loomlab.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import loomlab.core.arm.ConnectionsArmResult;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.FairnessArmResult;
import loomlab.core.arm.HandleOrderArmResult;
import loomlab.core.arm.JmhArmResult;
import loomlab.core.arm.NoisyServerArmResult;
import loomlab.core.arm.TaskThroughputArmResult;
import loomlab.core.arm.ThreadLimitArmResult;
import loomlab.core.arm.Watched;
import loomlab.core.finding.Finding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * results.json as docs/results.schema.json describes it: every golden file conforms, the schema
 * refuses what the lab does not write, and the parts written straight from core's records list
 * exactly those records' fields, so a field added to a record must be added to the schema.
 */
class ResultsSchemaTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");
    private static final ObjectMapper READ = new ObjectMapper();
    /** Every arm starts with these (ArmJson's identity). */
    private static final Set<String> IDENTITY = Set.of("name", "key", "server", "mode");
    /** Written for an arm the watchdog watched (WatchJson), in place of the record's {@code watch}. */
    private static final Set<String> WATCH = Set.of("outcome", "watched", "hang", "stalls");

    static Stream<Path> goldenResults() throws IOException {
        try (Stream<Path> files = Files.list(GOLDEN)) {
            return files.filter(file -> file.getFileName().toString().endsWith("results.json")).sorted().toList()
                    .stream();
        }
    }

    @ParameterizedTest
    @MethodSource("goldenResults")
    void everyGoldenResultsJsonConforms(Path golden) {
        ResultsSchema.assertValid(golden);
    }

    @Test
    void aFieldTheSchemaDoesNotNameIsRefusedWhereverItIsAdded() throws IOException {
        ObjectNode run = golden();
        ((ObjectNode) firstArm(run)).put("answered_ok", 1);
        assertRefused(run, "answered_ok");

        ObjectNode atTheTop = golden();
        atTheTop.put("seeds", "1,2");
        assertRefused(atTheTop, "seeds");

        ObjectNode inTheBound = golden();
        ((ObjectNode) firstArm(inTheBound).path("bound")).put("spread", 0.1);
        assertRefused(inTheBound, "spread");
    }

    @Test
    void aMissingCoreFieldIsRefused() throws IOException {
        for (String field : List.of("schema", "environment", "experiments")) {
            ObjectNode run = golden();
            run.remove(field);
            assertRefused(run, field);
        }
        ObjectNode withoutAKey = golden();
        ((ObjectNode) firstArm(withoutAKey)).remove("key");
        assertRefused(withoutAKey, "key");
    }

    @Test
    void aFigureOfTheWrongTypeOrAnUnknownWordIsRefused() throws IOException {
        ObjectNode text = golden();
        ((ObjectNode) firstArm(text)).put("throughput_rps", "fast");
        assertRefused(text, "throughput_rps");

        ObjectNode outcome = golden();
        ((ObjectNode) firstArm(outcome)).put("outcome", "DIED");
        assertRefused(outcome, "outcome");
    }

    @Test
    void aKeysParameterIsAWordACountOrADurationInMs() throws IOException {
        ObjectNode typed = golden();
        ObjectNode params = (ObjectNode) firstArm(typed).path("key").path("params");
        params.put("case", "synchronized");
        params.put("tasks", 1_000_000);
        params.putObject("delay").put("ms", 50);
        assertTrue(ResultsSchema.problems(typed).isEmpty(), ResultsSchema.problems(typed).toString());
        // Reversed: a duration in another unit, a negative count and a fraction are none of the three.
        for (String wrong : List.of("{\"s\": 1}", "-1", "2.5", "\"\"")) {
            ObjectNode run = golden();
            ((ObjectNode) firstArm(run).path("key").path("params")).set("delay", READ.readTree(wrong));
            assertRefused(run, "params");
        }
    }

    @Test
    void aDuplicateKeyIsRefused() {
        String duplicate = "{\"schema\": \"loomlab.results/5\", \"schema\": \"loomlab.results/5\"}";
        List<String> problems = ResultsSchema.problems(duplicate);
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.getFirst().contains("Duplicate field 'schema'"), problems.toString());
    }

    @Test
    void theFindingKindsAreTheRecordsOfTheSealedFindingFamily() {
        Set<String> inSchema = new TreeSet<>();
        ResultsSchema.schema().at("/$defs/finding/properties/kind/enum").forEach(kind -> inSchema.add(kind.asText()));
        Set<String> records = new TreeSet<>();
        concreteFindings(Finding.class).forEach(type -> records.add(type.getSimpleName()));
        assertEquals(records, inSchema, "a new finding's name goes into $defs.finding's kind");
    }

    @Test
    void noFindingWritesAFieldNamedKindBesideItsOwnKind() {
        for (Class<?> finding : concreteFindings(Finding.class)) {
            assertFalse(jsonFields(finding).contains("kind"),
                    finding.getSimpleName() + " has a field written as kind, which names the finding's record:"
                            + " rename it in Json");
        }
    }

    /** Arms written as their records are (ArmJson's generic branch): the schema lists the records' own fields. */
    @Test
    void theArmsWrittenFromTheirRecordsListExactlyTheirFields() {
        Map<String, Class<?>> written = Map.of("connections_arm", ConnectionsArmResult.class,
                "fairness_arm", FairnessArmResult.class, "task_throughput_arm", TaskThroughputArmResult.class,
                "thread_limit_arm", ThreadLimitArmResult.class, "handle_order_arm", HandleOrderArmResult.class,
                "jmh_arm", JmhArmResult.class, "noisy_server_arm", NoisyServerArmResult.class,
                "failed_arm", FailedArm.class);
        written.forEach((definition, record) -> {
            Set<String> expected = new TreeSet<>(jsonFields(record));
            expected.removeAll(Set.of("key", "watch"));
            expected.addAll(IDENTITY);
            if (Watched.class.isAssignableFrom(record)) {
                expected.addAll(WATCH);
            }
            Set<String> inSchema = new TreeSet<>();
            ResultsSchema.schema().at("/$defs/" + definition + "/properties").fieldNames()
                    .forEachRemaining(inSchema::add);
            assertEquals(expected, inSchema, definition + " against " + record.getSimpleName());
        });
    }

    /**
     * Every kind the sealed {@code ArmResult} permits has a definition in the schema, and that definition
     * is chosen by a marker of its own in the {@code arm} definition: a kind added without both is
     * written into files the schema refuses, or that it cannot tell apart.
     */
    @Test
    void everyPermittedKindOfArmHasADefinitionChosenByAMarkerOfItsOwn() {
        Map<String, String> definitions = Map.ofEntries(Map.entry("HttpArmResult", "http_arm"),
                Map.entry("AssessArmResult", "assess_arm"), Map.entry("ConnectionsArmResult", "connections_arm"),
                Map.entry("FairnessArmResult", "fairness_arm"),
                Map.entry("TaskThroughputArmResult", "task_throughput_arm"),
                Map.entry("ThreadLimitArmResult", "thread_limit_arm"),
                Map.entry("HandleOrderArmResult", "handle_order_arm"), Map.entry("JmhArmResult", "jmh_arm"),
                Map.entry("NoisyServerArmResult", "noisy_server_arm"), Map.entry("FailedArm", "failed_arm"),
                Map.entry("DiagnosedJvm", "diagnosed_arm"));
        Set<String> kinds = new TreeSet<>();
        concreteFindings(loomlab.core.arm.ArmResult.class).forEach(kind -> kinds.add(kind.getSimpleName()));
        assertEquals(new TreeSet<>(definitions.keySet()), kinds,
                "a new kind of arm needs a definition and a marker in docs/results.schema.json, and a line here");
        Map<String, String> markerOf = new java.util.HashMap<>();
        for (JsonNode rule : ResultsSchema.schema().at("/$defs/arm/allOf")) {
            markerOf.put(rule.at("/then/$ref").asText().replace("#/$defs/", ""),
                    rule.at("/if/required/0").asText());
        }
        Set<String> markers = new TreeSet<>();
        definitions.forEach((kind, definition) -> {
            assertTrue(ResultsSchema.schema().at("/$defs/" + definition).isObject(), kind + ": no " + definition);
            String marker = markerOf.get(definition);
            assertTrue(marker != null && !marker.isEmpty(), kind + ": " + definition + " has no marker in arm");
            assertTrue(ResultsSchema.schema().at("/$defs/" + definition + "/required").toString()
                    .contains("\"" + marker + "\""), definition + " requires its own marker " + marker);
            markers.add(marker);
        });
        assertEquals(definitions.size(), markers.size(), "each kind's marker is its own: " + markerOf);
    }

    private static void assertRefused(JsonNode document, String naming) {
        List<String> problems = ResultsSchema.problems(document);
        assertFalse(problems.isEmpty(), "accepted a document it should refuse over " + naming);
        assertTrue(problems.stream().anyMatch(problem -> problem.contains(naming)), problems.toString());
    }

    private static ObjectNode golden() throws IOException {
        return (ObjectNode) READ.readTree(GOLDEN.resolve("results.json").toFile());
    }

    private static JsonNode firstArm(JsonNode run) {
        return ((ArrayNode) run.path("experiments").get(0).path("arms")).get(0);
    }

    /** The names results.json gives a record's fields, through the lab's one mapping. */
    private static Set<String> jsonFields(Class<?> type) {
        ObjectMapper mapper = Json.mapper();
        SerializationConfig config = mapper.getSerializationConfig();
        JavaType javaType = mapper.constructType(type);
        Set<String> names = new TreeSet<>();
        for (BeanPropertyDefinition property : config.introspect(javaType).findProperties()) {
            if (property.couldSerialize()) {
                names.add(property.getName());
            }
        }
        return names;
    }

    private static List<Class<?>> concreteFindings(Class<?> family) {
        List<Class<?>> out = new ArrayList<>();
        if (family.isSealed()) {
            for (Class<?> member : family.getPermittedSubclasses()) {
                out.addAll(concreteFindings(member));
            }
        } else {
            out.add(family);
        }
        return out;
    }
}
