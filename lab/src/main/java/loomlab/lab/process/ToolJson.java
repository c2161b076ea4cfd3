package loomlab.lab.process;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * Reads the JSON another program wrote (siege's summary, Locust's statistics, a JVM's thread dump, a
 * server's {@code /stats}, the connections client's lines) as a plain tree. It is not results.json's
 * mapping ({@code report.Json}, with the lab's own keys and kinds): a tool's output parser needs none of
 * that, and so depends on no report.
 */
public final class ToolJson {
    private static final ObjectMapper PLAIN = JsonMapper.builder().build();

    private ToolJson() {
    }

    /** The text as a tree of nodes; a parse error, as Jackson words it, for text that is not JSON. */
    public static JsonNode read(String json) throws JsonProcessingException {
        return PLAIN.readTree(json);
    }
}
