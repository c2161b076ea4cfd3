package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
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
        CliProcess.assumeCtrlCReachesChildren();
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
            Path temporary = temporaryFolderOf(serve);
            new ProcessBuilder("kill", "-INT", Long.toString(serve.pid())).start().waitFor();
            assertTrue(serve.waitFor(30, TimeUnit.SECONDS));
            for (ProcessHandle child : children) {
                child.onExit().get(30, TimeUnit.SECONDS);
                assertFalse(child.isAlive());
            }
            assertFalse(Files.exists(temporary), "deleted with the server: " + temporary);
        } finally {
            serve.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
            serve.destroyForcibly();
        }
    }

    @Test
    void quarkusComesFromTheRegistryWithAThrowawayDatabaseThatStopsWithIt() throws Exception {
        CliProcess.assumeCtrlCReachesChildren();
        assumeTrue(Lab.fromEnvironment().postgres().binariesAvailable(), "no PostgreSQL binaries here");
        Path log = dir.resolve("quarkus.log");
        Process serve = CliProcess.start(log, "serve", "quarkus", "--mode", "platform:4", "--port", "0");
        try {
            Matcher listening = await(log, Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+)"), serve);
            Matcher database = Pattern.compile("database: throwaway PostgreSQL .* at 127\\.0\\.0\\.1:(\\d+)")
                    .matcher(Files.readString(log));
            assertTrue(database.find(), Files.readString(log));
            int databasePort = Integer.parseInt(database.group(1));
            Path temporary = temporaryFolderOf(serve);
            try (HttpClient client = HttpClient.newHttpClient()) {
                for (String path : new String[] {"/sandbox/loom/jdbc", "/sandbox/blocking/jdbc"}) {
                    HttpResponse<byte[]> rows = client.send(HttpRequest.newBuilder(URI.create(listening.group(1)
                            + path)).build(), HttpResponse.BodyHandlers.ofByteArray());
                    assertEquals(200, rows.statusCode(), path);
                    assertTrue(rows.body().length > 1_000_000, path + ": seed 004's ~1.2 MiB of rows");
                }
            }
            new ProcessBuilder("kill", "-INT", Long.toString(serve.pid())).start().waitFor();
            assertTrue(serve.waitFor(60, TimeUnit.SECONDS));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (accepts(databasePort) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertFalse(accepts(databasePort), "the database stopped with the server");
            assertFalse(Files.exists(temporary), "Vert.x's cache went with the server: " + temporary);
        } finally {
            serve.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
            serve.destroyForcibly();
        }
    }

    /** The server's own temporary folder, from its command line; it exists while the server runs. */
    private static Path temporaryFolderOf(Process serve) {
        Path temporary = serve.toHandle().descendants().flatMap(c -> c.info().arguments().stream().flatMap(Arrays::stream))
                .filter(a -> a.startsWith("-Djava.io.tmpdir=")).map(a -> Path.of(a.substring(a.indexOf('=') + 1)))
                .findFirst().orElseThrow(() -> new AssertionError("the server has a temporary folder of its own"));
        assertTrue(Files.isDirectory(temporary), temporary.toString());
        return temporary;
    }

    private static boolean accepts(int port) {
        try (java.net.Socket socket = new java.net.Socket(InetAddress.getLoopbackAddress(), port)) {
            return true;
        } catch (java.io.IOException e) {
            return false;
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
