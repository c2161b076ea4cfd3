package loomlab.lab.servers;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import loomlab.core.arm.ConnectionWait;
import loomlab.lab.report.Json;

/**
 * A server's own view of itself, from its {@code /stats} endpoint: JVM threads, requests served,
 * and for a server with a JDBC pool the pool's count of the wait for a connection.
 */
public record ServerStats(Long peakThreads, Long requestsServed, ConnectionWait connectionWait) {
    public static final ServerStats UNKNOWN = new ServerStats(null, null, null);

    /** Reads /stats; a server that cannot answer gives UNKNOWN rather than failing the arm. */
    public static ServerStats fetch(URI baseUrl) throws InterruptedException {
        try (HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
            HttpRequest request = HttpRequest.newBuilder(baseUrl.resolve("stats")).timeout(Duration.ofSeconds(10))
                    .build();
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? parse(response.body()) : UNKNOWN;
        } catch (IOException e) {
            return UNKNOWN;
        }
    }

    static ServerStats parse(String json) throws IOException {
        JsonNode root = Json.mapper().readTree(json);
        return new ServerStats(number(root, "peakThreads", "peak_threads").orElse(null),
                number(root, "requestsServed", "requests_served").orElse(null), connectionWait(root));
    }

    private static ConnectionWait connectionWait(JsonNode root) {
        JsonNode wait = root.has("connectionWait") ? root.get("connectionWait") : root.get("connection_wait");
        if (wait == null || !wait.isObject()) {
            return null;
        }
        return new ConnectionWait(number(wait, "acquisitions").orElse(null),
                decimal(wait, "averageMs", "average_ms").orElse(null), decimal(wait, "maxMs", "max_ms").orElse(null),
                decimal(wait, "totalMs", "total_ms").orElse(null));
    }

    private static Optional<Double> decimal(JsonNode root, String... spellings) {
        for (String field : spellings) {
            JsonNode node = root.get(field);
            if (node != null && node.isNumber()) {
                return Optional.of(node.asDouble());
            }
        }
        return Optional.empty();
    }

    /** The first of the spellings present: the servers under test are written in different styles. */
    private static Optional<Long> number(JsonNode root, String... spellings) {
        for (String field : spellings) {
            JsonNode node = root.get(field);
            if (node != null && node.isNumber()) {
                return Optional.of(node.asLong());
            }
        }
        return Optional.empty();
    }

    /**
     * The waits for a connection between two readings of a pool's lifetime counters: acquisitions
     * and total wait subtracted, the mean recomputed; the longest wait only when it grew in the
     * window (else it belongs to before). Without a first reading, the lifetime figures.
     */
    public static ConnectionWait waitsBetween(ConnectionWait start, ConnectionWait end) {
        if (end == null || start == null || start.acquisitions() == null || end.acquisitions() == null
                || start.totalMs() == null || end.totalMs() == null) {
            return end;
        }
        long acquisitions = end.acquisitions() - start.acquisitions();
        double totalMs = end.totalMs() - start.totalMs();
        Double maxMs = end.maxMs() != null && start.maxMs() != null && end.maxMs() > start.maxMs() ? end.maxMs() : null;
        return new ConnectionWait(acquisitions, acquisitions > 0 ? totalMs / acquisitions : 0.0, maxMs, totalMs);
    }
}
