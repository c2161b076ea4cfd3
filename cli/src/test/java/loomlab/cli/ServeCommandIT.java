package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServeCommandIT {
    @TempDir
    Path dir;

    @Test
    void servesOnAFreePortUntilInterrupted() throws Exception {
        Path log = dir.resolve("serve.log");
        Process serve = CliProcess.start(log, "serve", "loomcat", "--mode", "platform:2", "--port", "0");
        try {
            Matcher listening = await(log, Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+)"), serve);
            try (HttpClient client = HttpClient.newHttpClient()) {
                HttpResponse<String> hello = client.send(HttpRequest.newBuilder(URI.create(listening.group(1)
                        + "/hello")).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, hello.statusCode());
            }
            var children = serve.toHandle().descendants().toList();
            new ProcessBuilder("kill", "-INT", Long.toString(serve.pid())).start().waitFor();
            assertTrue(serve.waitFor(30, TimeUnit.SECONDS));
            for (ProcessHandle child : children) {
                child.onExit().get(30, TimeUnit.SECONDS);
                assertFalse(child.isAlive());
            }
        } finally {
            serve.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
            serve.destroyForcibly();
        }
    }

    @Test
    void aPortInUseIsOneLineAndExitCode2() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Path log = dir.resolve("taken.log");
            Process serve = CliProcess.start(log, "serve", "loomcat", "--port", Integer.toString(taken.getLocalPort()));
            assertTrue(serve.waitFor(60, TimeUnit.SECONDS));
            String output = Files.readString(log);
            assertEquals(2, serve.exitValue(), output);
            assertTrue(output.contains("port " + taken.getLocalPort() + " is already in use"), output);
            assertEquals(1, output.lines().count(), output);
        }
    }

    private static Matcher await(Path log, Pattern pattern, Process process) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            Matcher matcher = pattern.matcher(Files.exists(log) ? Files.readString(log) : "");
            if (matcher.find()) {
                return matcher;
            }
            if (!process.isAlive()) {
                throw new AssertionError("serve exited: " + Files.readString(log));
            }
            Thread.sleep(20);
        }
        throw new AssertionError("never listened: " + Files.readString(log));
    }
}
