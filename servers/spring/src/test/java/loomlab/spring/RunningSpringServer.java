package loomlab.spring;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The application started in this JVM on a free port, with a client for it; closing stops it. */
final class RunningSpringServer implements AutoCloseable {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final ConfigurableApplicationContext context;
    private final int port;
    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    private RunningSpringServer(ConfigurableApplicationContext context) {
        this.context = context;
        this.port = Integer.parseInt(context.getEnvironment().getRequiredProperty("local.server.port"));
    }

    static RunningSpringServer start(String... arguments) {
        List<String> all = new ArrayList<>(List.of(arguments));
        all.add("--server.port=0");
        return new RunningSpringServer(SpringApplication.run(SpringServerMain.class, all.toArray(String[]::new)));
    }

    String baseUri() {
        return "http://127.0.0.1:" + port;
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUri() + path))
                .timeout(Duration.ofSeconds(30))
                .build();
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** Sends {@code count} requests at once and returns how long the last one took to come back. */
    Duration burst(String path, int count) throws InterruptedException, ExecutionException {
        long started = System.nanoTime();
        try (var senders = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<HttpResponse<String>>> responses = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                responses.add(senders.submit(() -> get(path)));
            }
            for (Future<HttpResponse<String>> response : responses) {
                int status = response.get().statusCode();
                if (status != 200) {
                    throw new AssertionError(path + " answered " + status);
                }
            }
        }
        return Duration.ofNanos(System.nanoTime() - started);
    }

    JsonNode stats() throws IOException, InterruptedException {
        return JSON.readTree(get("/stats").body());
    }

    /**
     * /stats once it counts {@code served} requests, or as it stands after 10 s. Spring flushes a
     * response before its filter counts it, so a client can read the answer a moment before /stats
     * counts it.
     */
    JsonNode statsOnceServed(long served) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        JsonNode stats = stats();
        while (stats.get("requestsServed").asLong() < served && System.nanoTime() < deadline) {
            Thread.sleep(20);
            stats = stats();
        }
        return stats;
    }

    @Override
    public void close() {
        context.close();
        client.close();
    }
}
