package loomlab.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * docs/results.schema.json, and results.json documents checked against it with networknt's validator.
 * A document is read with duplicate keys refused, which JSON parsers otherwise resolve silently.
 */
public final class ResultsSchema {
    /** From a module's folder, where its tests run. */
    public static final Path FILE = Path.of("..", "docs", "results.schema.json");
    private static final ObjectMapper STRICT = JsonMapper.builder()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION).build();
    private static final Schema SCHEMA = load();

    private ResultsSchema() {
    }

    public static JsonNode schema() {
        return SCHEMA.getSchemaNode();
    }

    /** Every way the document departs from the schema, one line each; empty when it conforms. */
    public static List<String> problems(String json) {
        JsonNode document;
        try {
            document = STRICT.readTree(json);
        } catch (IOException e) {
            return List.of("not JSON as results.json is written: " + e.getMessage());
        }
        return problems(document);
    }

    public static List<String> problems(JsonNode document) {
        return SCHEMA.validate(document).stream().map(Error::toString).toList();
    }

    public static void assertValid(String json, String what) {
        assertEquals(List.of(), problems(json), what + " does not conform to " + FILE.normalize());
    }

    public static void assertValid(Path file) {
        try {
            assertValid(Files.readString(file), file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Schema load() {
        try {
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                    .getSchema(Files.readString(FILE));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + FILE.toAbsolutePath().normalize(), e);
        }
    }
}
