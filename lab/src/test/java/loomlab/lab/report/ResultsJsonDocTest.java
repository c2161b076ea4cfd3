package loomlab.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * docs/results-json.md's field reference is generated from docs/results.schema.json, so the two
 * cannot disagree: after a change to the schema, regenerate with {@code -Dloomlab.golden.update=true}
 * and review the diff, as for the golden files.
 */
class ResultsJsonDocTest {
    static final Path DOC = Path.of("..", "docs", "results-json.md");
    static final String BEGIN = "<!-- generated from results.schema.json by ResultsJsonDocTest: edit the schema, not this -->";
    static final String END = "<!-- end of the generated reference -->";

    @Test
    void theFieldReferenceIsTheSchemaRendered() throws IOException {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        int begin = doc.indexOf(BEGIN);
        int end = doc.indexOf(END);
        assertTrue(begin >= 0 && end > begin, DOC + " lacks the markers of its generated part");
        String expected = doc.substring(0, begin + BEGIN.length()) + "\n\n" + reference(ResultsSchema.schema())
                + "\n" + doc.substring(end);
        if (Boolean.getBoolean("loomlab.golden.update")) {
            Files.writeString(DOC, expected, StandardCharsets.UTF_8);
            doc = expected;
        }
        assertEquals(expected, doc, "regenerate with -Dloomlab.golden.update=true");
    }

    @Test
    void everyDefinitionIsReachedFromTheDocumentItself() {
        JsonNode schema = ResultsSchema.schema();
        Set<String> reached = new HashSet<>();
        collectRefs(schema.path("properties"), schema, reached);
        Set<String> defined = new HashSet<>();
        schema.path("$defs").fieldNames().forEachRemaining(defined::add);
        assertEquals(defined, reached, "a definition nothing refers to documents nothing results.json holds");
    }

    /** The top level first, then each definition in the schema's order, each as a table. */
    static String reference(JsonNode schema) {
        StringBuilder out = new StringBuilder();
        section(out, "results.json", null, schema);
        for (Iterator<Map.Entry<String, JsonNode>> it = schema.path("$defs").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> definition = it.next();
            section(out, definition.getValue().path("title").asText(definition.getKey()), definition.getKey(),
                    definition.getValue());
        }
        return out.toString();
    }

    private static void section(StringBuilder out, String title, String name, JsonNode node) {
        if (name != null) {
            out.append("<a id=\"").append(anchor(name)).append("\"></a>\n\n");
        }
        out.append("### ").append(title).append("\n\n");
        if (node.has("description")) {
            out.append(node.path("description").asText()).append("\n\n");
        }
        if (node.has("enum")) {
            out.append("One of ").append(words(node.path("enum"))).append(".\n\n");
        }
        if (node.has("allOf") && name != null) {
            out.append("| kind | told by |\n|---|---|\n");
            for (JsonNode branch : node.path("allOf")) {
                out.append("| ").append(link(branch.path("then").path("$ref").asText())).append(" | `")
                        .append(branch.path("if").path("required").get(0).asText()).append("` |\n");
            }
            out.append('\n');
        }
        if (!node.has("properties")) {
            return;
        }
        Set<String> required = new HashSet<>();
        node.path("required").forEach(field -> required.add(field.asText()));
        boolean open = !node.path("additionalProperties").isBoolean() || node.path("additionalProperties").asBoolean();
        out.append("| field | type | description |\n|---|---|---|\n");
        for (Iterator<Map.Entry<String, JsonNode>> it = node.path("properties").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            out.append("| `").append(field.getKey()).append('`').append(required.contains(field.getKey()) ? "" : " (when it applies)")
                    .append(" | ").append(type(field.getValue())).append(" | ")
                    .append(field.getValue().path("description").asText("").replace("|", "\\|")).append(" |\n");
        }
        if (open) {
            out.append("\nOpen: other fields may follow.\n");
        }
        out.append('\n');
    }

    /** A field's type in words: "number or null", "array of [a latency](#latency)", "one of `a`, `b`". */
    private static String type(JsonNode field) {
        if (field.has("$ref")) {
            return link(field.path("$ref").asText());
        }
        if (field.has("oneOf")) {
            List<String> kinds = new ArrayList<>();
            field.path("oneOf").forEach(option -> kinds.add(type(option)));
            return String.join(" or ", kinds);
        }
        if (field.has("const")) {
            return "`" + field.path("const").asText() + "`";
        }
        if (field.has("enum")) {
            return "one of " + words(field.path("enum"));
        }
        List<String> types = new ArrayList<>();
        JsonNode declared = field.path("type");
        if (declared.isArray()) {
            declared.forEach(one -> types.add(one.asText()));
        } else {
            types.add(declared.asText());
        }
        List<String> words = new ArrayList<>();
        for (String one : types) {
            words.add(switch (one) {
                case "array" -> "array of " + type(field.path("items"));
                case "object" -> field.has("title") ? field.path("title").asText().toLowerCase(Locale.ROOT)
                        + (field.has("properties") ? " " + inline(field) : "") : "object";
                default -> one;
            });
        }
        return String.join(" or ", words);
    }

    /** A small object defined in place: its fields and their types, in braces. */
    private static String inline(JsonNode object) {
        List<String> fields = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = object.path("properties").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            fields.add("`" + field.getKey() + "`: " + type(field.getValue()));
        }
        return "{ " + String.join(", ", fields) + " }";
    }

    private static String words(JsonNode values) {
        List<String> out = new ArrayList<>();
        values.forEach(value -> out.add(value.isNull() ? "null" : "`" + value.asText() + "`"));
        return String.join(", ", out);
    }

    private static String link(String ref) {
        String name = ref.substring(ref.lastIndexOf('/') + 1);
        return "[" + name.replace('_', ' ') + "](#" + anchor(name) + ")";
    }

    private static String anchor(String name) {
        return name.replace('_', '-');
    }

    private static void collectRefs(JsonNode node, JsonNode schema, Set<String> reached) {
        if (node.isObject()) {
            if (node.has("$ref")) {
                String name = node.path("$ref").asText().replace("#/$defs/", "");
                if (reached.add(name)) {
                    collectRefs(schema.path("$defs").path(name), schema, reached);
                }
            }
            node.forEach(child -> collectRefs(child, schema, reached));
        } else if (node.isArray()) {
            node.forEach(child -> collectRefs(child, schema, reached));
        }
    }
}
