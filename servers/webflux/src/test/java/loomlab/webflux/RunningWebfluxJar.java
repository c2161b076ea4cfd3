package loomlab.webflux;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The repackaged jar as the lab runs it: its own process on port 0, watching this JVM as its parent,
 * with a client for it; closing ends it, so no server outlives its test.
 */
final class RunningWebfluxJar implements AutoCloseable {
    private static final Pattern READY = Pattern.compile("listening on http://127\\.0\\.0\\.1:(\\d+)");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Process process;
    private final int port;
    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    private RunningWebfluxJar(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static Path jar() {
        Path jar = Path.of(System.getProperty("loomlab.webflux.jar", "target/webflux.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new AssertionError("no jar at " + jar);
        }
        return jar;
    }

    /** The jar's process with {@code arguments}, watching this JVM as its parent, not yet waited for. */
    static Process launch(ProcessBuilder.Redirect stderr, String... arguments) throws IOException {
        return launch(ProcessHandle.current().pid(), stderr, arguments);
    }

    /** The jar's process with {@code arguments}, watching {@code parentPid}, not yet waited for. */
    static Process launch(long parentPid, ProcessBuilder.Redirect stderr, String... arguments) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dloomlab.parent.pid=" + parentPid, "-Djava.io.tmpdir=" + jar().toAbsolutePath().getParent(),
                "-jar", jar().toString()));
        command.addAll(List.of(arguments));
        return new ProcessBuilder(command).redirectError(stderr).start();
    }

    /** Starts the jar on port 0, watching this JVM, and waits for its readiness line. */
    static RunningWebfluxJar start(String... arguments) throws Exception {
        return start(ProcessHandle.current().pid(), arguments);
    }

    /** Starts the jar on port 0, watching {@code parentPid}, and waits for its readiness line. */
    static RunningWebfluxJar start(long parentPid, String... arguments) throws Exception {
        List<String> all = new ArrayList<>(List.of(arguments));
        all.add("--server.port=0");
        Process process = launch(parentPid, ProcessBuilder.Redirect.DISCARD, all.toArray(String[]::new));
        try {
            return new RunningWebfluxJar(process, readyPort(process));
        } catch (Exception | AssertionError e) {
            process.destroyForcibly();
            throw e;
        }
    }

    /** Waits up to {@code timeout} for the server to end by itself. */
    boolean endsWithin(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(30))
                .build();
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }

    JsonNode json(String path) throws IOException, InterruptedException {
        return JSON.readTree(get(path).body());
    }

    /** /stats once it counts {@code served} requests, or as it stands after 10 s. */
    JsonNode statsOnceServed(long served) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        JsonNode stats = json("/stats");
        while (stats.get("requestsServed").asLong() < served && System.nanoTime() < deadline) {
            Thread.sleep(20);
            stats = json("/stats");
        }
        return stats;
    }

    /** The OS threads of the server's process now (Linux), or -1 where /proc cannot tell. */
    int osThreads() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
                if (line.startsWith("Threads:")) {
                    return Integer.parseInt(line.substring("Threads:".length()).strip());
                }
            }
        } catch (IOException | NumberFormatException e) {
            // not Linux, or the process is gone
        }
        return -1;
    }

    /** The port of the readiness line; the output after it is read on and dropped, so the server never blocks on it. */
    private static int readyPort(Process server) throws Exception {
        var reader = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<Integer> port = new CompletableFuture<>();
        Thread drain = new Thread(() -> {
            try {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    Matcher ready = READY.matcher(line);
                    if (ready.matches()) {
                        port.complete(Integer.parseInt(ready.group(1)));
                    }
                }
                port.completeExceptionally(new AssertionError("server ended its output without a readiness line"));
            } catch (IOException e) {
                port.completeExceptionally(e);
            }
        }, "webflux-stdout");
        drain.setDaemon(true);
        drain.start();
        return port.get(120, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws InterruptedException {
        client.close();
        process.destroy();
        if (!process.waitFor(15, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(15, TimeUnit.SECONDS);
        }
    }
}
