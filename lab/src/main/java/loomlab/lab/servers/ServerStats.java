package loomlab.lab.servers;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import loomlab.core.arm.ConnectionWait;
import loomlab.http.StatsShape;
import loomlab.lab.process.ToolJson;

/**
 * A server's own view of itself, from its {@code /stats} endpoint in the one shape every server
 * under test answers ({@link StatsShape}): JVM threads, requests served, and for a server with a
 * JDBC pool the pool's count of the wait for a connection.
 *
 * @param problem why the answer could not be read (not answered, another shape), or null
 */
public record ServerStats(Long peakThreads, Long requestsServed, ConnectionWait connectionWait, String problem) {
    public static final ServerStats UNKNOWN = new ServerStats(null, null, null, null);

    public ServerStats(Long peakThreads, Long requestsServed, ConnectionWait connectionWait) {
        this(peakThreads, requestsServed, connectionWait, null);
    }

    /** Reads /stats; a server that cannot answer, or answers another shape, gives figures of none and says why. */
    public static ServerStats fetch(URI baseUrl) throws InterruptedException {
        try (HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
            HttpRequest request = HttpRequest.newBuilder(baseUrl.resolve("stats")).timeout(Duration.ofSeconds(10))
                    .build();
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? parse(response.body())
                    : unread("/stats answered " + response.statusCode());
        } catch (IOException e) {
            return unread("/stats could not be read: " + e.getMessage());
        }
    }

    /** The figures of an answer in the one shape; any other shape is a problem, never a guess. */
    static ServerStats parse(String json) {
        JsonNode root;
        try {
            root = ToolJson.read(json);
        } catch (IOException e) {
            return unread("/stats is not JSON");
        }
        List<String> keys = new ArrayList<>();
        root.fieldNames().forEachRemaining(keys::add);
        if (!keys.equals(StatsShape.KEYS)) {
            return unread("/stats answered the keys " + keys + ", not the lab's " + StatsShape.KEYS);
        }
        for (String key : StatsShape.KEYS.subList(0, StatsShape.KEYS.size() - 1)) {
            if (!root.get(key).isIntegralNumber()) {
                return unread("/stats has a " + key + " that is not a whole number");
            }
        }
        JsonNode wait = root.get("connectionWait");
        if (!wait.isNull() && !waitShaped(wait)) {
            return unread("/stats has a connectionWait not of the shape " + StatsShape.CONNECTION_WAIT_KEYS);
        }
        return new ServerStats(root.get("peakThreads").asLong(), root.get("requestsServed").asLong(),
                wait.isNull() ? null : new ConnectionWait(wait.get("acquisitions").asLong(),
                        wait.get("averageMs").asDouble(), wait.get("maxMs").asDouble(), wait.get("totalMs").asDouble()));
    }

    private static boolean waitShaped(JsonNode wait) {
        List<String> keys = new ArrayList<>();
        wait.fieldNames().forEachRemaining(keys::add);
        return keys.equals(StatsShape.CONNECTION_WAIT_KEYS) && keys.stream().allMatch(k -> wait.get(k).isNumber());
    }

    private static ServerStats unread(String problem) {
        return new ServerStats(null, null, null, problem);
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
