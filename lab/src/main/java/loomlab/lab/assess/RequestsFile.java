package loomlab.lab.assess;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import loomlab.core.BadInput;
import loomlab.core.arm.WeightedRequest;

/**
 * {@code --requests FILE}: a JSON array of requests, each an object of
 * {@code method} (default GET), {@code path} (required), {@code headers} (an object of names to values,
 * sent in its order), {@code body} (a string sent as UTF-8, or any other JSON value sent as its compact
 * JSON text) or {@code body_file} (a file's bytes, relative to the requests file's folder), and
 * {@code weight} (default 1). Anything else is bad input, so a misspelt field is not silently dropped.
 */
public final class RequestsFile {
    static final List<String> FIELDS = List.of("method", "path", "headers", "body", "body_file", "weight");
    private static final ObjectMapper JSON = new ObjectMapper();

    private RequestsFile() {
    }

    /** The file's requests, in its order; bad input with one line for anything wrong with it. */
    public static List<WeightedRequest> read(Path file) {
        String where = "--requests " + file;
        if (!Files.isRegularFile(file)) {
            throw new BadInput(where + ": no such file");
        }
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(file));
        } catch (JsonProcessingException e) {
            throw new BadInput(where + " is not valid JSON: " + e.getOriginalMessage().lines().findFirst().orElse("")
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ")"));
        } catch (IOException e) {
            throw new BadInput(where + ": cannot read it (" + e.getMessage() + ")");
        }
        if (root == null || !root.isArray() || root.isEmpty()) {
            throw new BadInput(where + " must hold a JSON array of at least one request, e.g. [{\"method\": \"POST\","
                    + " \"path\": \"/orders\", \"body\": {\"item\": 7}}]");
        }
        List<WeightedRequest> requests = new ArrayList<>();
        for (int i = 0; i < root.size(); i++) {
            requests.add(request(root.get(i), where + ", request " + (i + 1), file.toAbsolutePath().getParent()));
        }
        return requests;
    }

    private static WeightedRequest request(JsonNode node, String where, Path folder) {
        if (!node.isObject()) {
            throw new BadInput(where + " is not a JSON object");
        }
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                throw new BadInput(where + " names an unknown field '" + name + "'; the fields are "
                        + String.join(", ", FIELDS));
            }
        }
        String method = text(node, "method", where, "GET").toUpperCase(Locale.ROOT);
        if (!WeightedRequest.METHODS.contains(method)) {
            throw new BadInput(where + ": unknown HTTP method '" + node.get("method").asText() + "'; choose from: "
                    + String.join(", ", WeightedRequest.METHODS));
        }
        if (!node.has("path")) {
            throw new BadInput(where + " has no \"path\"");
        }
        String path = text(node, "path", where, null);
        List<String> headers = new ArrayList<>();
        JsonNode given = node.get("headers");
        if (given != null && !given.isNull()) {
            if (!given.isObject()) {
                throw new BadInput(where + ": \"headers\" is an object of names to values, e.g. {\"Content-Type\":"
                        + " \"application/json\"}");
            }
            for (Map.Entry<String, JsonNode> header : given.properties()) {
                if (!header.getValue().isValueNode() || header.getValue().isNull()) {
                    throw new BadInput(where + ": the value of header " + header.getKey() + " is not a string");
                }
                headers.add(header.getKey() + ": " + header.getValue().asText());
            }
        }
        if (node.has("body") && node.has("body_file")) {
            throw new BadInput(where + " gives both \"body\" and \"body_file\"; give one");
        }
        byte[] body = null;
        if (node.has("body_file")) {
            body = bodyFile(folder.resolve(text(node, "body_file", where, null)), where + ": \"body_file\" ");
        } else if (node.has("body") && !node.get("body").isNull()) {
            JsonNode value = node.get("body");
            body = WeightedRequest.text(value.isTextual() ? value.asText() : value.toString());
        }
        JsonNode weight = node.get("weight");
        if (weight != null && !weight.isIntegralNumber()) {
            throw new BadInput(where + ": \"weight\" is a whole number from 1 to 1000, got " + weight);
        }
        long weightValue = weight == null ? 1 : weight.asLong();
        try {
            List<WeightedRequest.Header> parsed = headers.stream().map(WeightedRequest.Header::parse).toList();
            if (weightValue < 1 || weightValue > Integer.MAX_VALUE) {
                throw new BadInput("the weight of " + method + " " + path + " must be a whole number from 1 to 1000,"
                        + " got " + weightValue);
            }
            return new WeightedRequest(method, path, parsed, body, (int) weightValue);
        } catch (BadInput e) {
            throw new BadInput(where + ": " + e.getMessage());
        }
    }

    /** The bytes of {@code --body @FILE} or a file's {@code body_file}: bad input when it cannot be read. */
    public static byte[] bodyFile(Path file, String option) {
        if (!Files.isRegularFile(file)) {
            throw new BadInput(option + file + ": no such file");
        }
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new BadInput(option + file + ": cannot read it (" + e.getMessage() + ")");
        }
    }

    private static String text(JsonNode node, String field, String where, String otherwise) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return otherwise;
        }
        if (!value.isTextual()) {
            throw new BadInput(where + ": \"" + field + "\" is a string, got " + value);
        }
        return value.asText();
    }

}
