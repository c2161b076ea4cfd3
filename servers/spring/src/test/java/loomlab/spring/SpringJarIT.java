package loomlab.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The repackaged jar as the lab runs it: its own process, port 0, a parent to outlive it. */
class SpringJarIT {
    private static final Pattern READY = Pattern.compile("listening on http://127\\.0\\.0\\.1:(\\d+)");

    @Test
    void announcesItsPortServesAndExitsWhenItsParentIsGone() throws Exception {
        Path jar = Path.of(System.getProperty("loomlab.spring.jar", "target/spring.jar"));
        assertTrue(Files.isRegularFile(jar), "no jar at " + jar);
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");

        Process standInParent = new ProcessBuilder("sleep", "120").start();
        Process server = new ProcessBuilder(List.of(java.toString(),
                "-Dloomlab.parent.pid=" + standInParent.pid(),
                "-Djava.io.tmpdir=" + jar.toAbsolutePath().getParent(), // Tomcat's folders: the build's, not /tmp
                "-jar", jar.toString(), "--server.port=0", "--spring.threads.virtual.enabled=true"))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            int port = readyPort(server);
            try (HttpClient client = HttpClient.newHttpClient()) {
                HttpResponse<String> hello = client.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/hello")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals("hello", hello.body());
                assertPageServed(client, port, "virtual");
            }

            standInParent.destroy();
            assertTrue(server.waitFor(15, TimeUnit.SECONDS), "server outlived its parent");
        } finally {
            server.destroyForcibly();
            standInParent.destroyForcibly();
        }
    }

    /** The extracted jar the lab's own experiments run (the build's extract-boot-jar), on a platform pool. */
    @Test
    void theExtractedJarServesThePageFromItsEmbeddedDatabase() throws Exception {
        Path jar = Path.of(System.getProperty("loomlab.spring.extracted", "target/extracted/spring.jar"));
        assertTrue(Files.isRegularFile(jar), "no extracted jar at " + jar);
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process server = new ProcessBuilder(List.of(java.toString(),
                "-Djava.io.tmpdir=" + jar.toAbsolutePath().getParent().getParent(),
                "-jar", jar.toString(), "--server.port=0", "--server.tomcat.threads.max=10"))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (HttpClient client = HttpClient.newHttpClient()) {
            assertPageServed(client, readyPort(server), "platform");
        } finally {
            server.destroyForcibly();
            server.waitFor(15, TimeUnit.SECONDS);
        }
    }

    private static void assertPageServed(HttpClient client, int port, String thread) throws Exception {
        HttpResponse<String> page = client.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/shop/items?page=2")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, page.statusCode(), page.body());
        assertEquals(ShopPage.ids(26, 50), ShopPage.of(page.body()).ids(), page.body());
        assertTrue(page.body().contains("Rendered on a " + thread + " thread."), page.body());
    }

    private static int readyPort(Process server) throws Exception {
        var reader = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<Integer> port = CompletableFuture.supplyAsync(() -> {
            try {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    Matcher ready = READY.matcher(line);
                    if (ready.matches()) {
                        return Integer.parseInt(ready.group(1));
                    }
                }
                throw new AssertionError("server ended its output without a readiness line");
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        });
        int found = port.get(120, TimeUnit.SECONDS);
        assertTrue(found > 0, "port " + found);
        return found;
    }
}
