package loomlab.loomcat;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import loomlab.http.BlockingHttpClient;
import loomlab.http.ParentWatch;
import org.junit.jupiter.api.Test;

/** LoomcatMain as the lab runs it: a separate JVM that announces its port and dies with its parent. */
class LoomcatProcessIT {
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @Test
    void announcesItsPortServesAndStopsWhenItsParentIsGone() throws Exception {
        Process parent = new ProcessBuilder("sleep", "120").start();
        Process loomcat = null;
        try {
            loomcat = loomcat(List.of("-D" + ParentWatch.PROPERTY + "=" + parent.pid()), "--port", "0", "--mode", "platform:4");
            BufferedReader stdout = new BufferedReader(new InputStreamReader(loomcat.getInputStream(), UTF_8));
            String line = CompletableFuture.supplyAsync(() -> readLine(stdout)).get(60, TimeUnit.SECONDS);
            assertTrue(line != null && line.matches("listening on http://127\\.0\\.0\\.1:\\d+"), "first line: " + line);

            try (BlockingHttpClient client = new BlockingHttpClient()) {
                BlockingHttpClient.Result hello = client.get(URI.create(line.substring("listening on ".length()) + "/hello"));
                assertEquals("Hello from loomcat\n", hello.bodyText());
            }

            parent.destroyForcibly();
            assertTrue(loomcat.waitFor(20, TimeUnit.SECONDS), "loomcat outlived its parent");
        } finally {
            parent.destroyForcibly();
            if (loomcat != null) {
                loomcat.destroyForcibly();
            }
        }
    }

    @Test
    void exitsWithTwoAndOneLineOnABadMode() throws Exception {
        Finished finished = runToEnd("--mode", "bogus");
        assertEquals(2, finished.exitCode());
        assertEquals("loomcat: unknown executor mode 'bogus'; choose one of: "
                + "platform:N, cached, per-task, virtual, virtual:N\n", finished.stderr());
        assertEquals("", finished.stdout());
    }

    @Test
    void exitsWithTwoAndOneLineOnBadDatabaseArguments() throws Exception {
        Finished notJdbc = runToEnd("--db-url", "postgres://127.0.0.1/x", "--db-user", "u");
        assertEquals(2, notJdbc.exitCode());
        assertEquals("loomcat: --db-url must look like jdbc:postgresql://HOST:PORT/DATABASE, not"
                + " 'postgres://127.0.0.1/x'\n", notJdbc.stderr());
        Finished noUser = runToEnd("--db-url", "jdbc:postgresql://127.0.0.1:1/x");
        assertEquals(2, noUser.exitCode());
        assertEquals("loomcat: --db-url needs --db-user\n", noUser.stderr());
        Finished alone = runToEnd("--db-pool-max", "5");
        assertEquals(2, alone.exitCode());
        assertEquals("loomcat: --db-pool-max needs --db-url as well\n", alone.stderr());
    }

    @Test
    void exitsWithOneWhenTheDatabaseRefusesConnections() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            closedPort = socket.getLocalPort();
        }
        Finished refused = runToEnd("--db-url", "jdbc:postgresql://127.0.0.1:" + closedPort + "/x", "--db-user", "u",
                "--db-pool-min", "0", "--db-pool-max", "1");
        assertEquals(1, refused.exitCode());
        assertTrue(refused.stderr().contains("loomcat: cannot start: cannot use the database at"
                + " jdbc:postgresql://127.0.0.1:" + closedPort + "/x"), refused.stderr());
    }

    @Test
    void exitsWithTwoWhenThePortIsTaken() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            Finished finished = runToEnd("--port", String.valueOf(taken.getLocalPort()));
            assertEquals(2, finished.exitCode());
            assertEquals("port " + taken.getLocalPort() + " is already in use\n", finished.stderr());
        }
    }

    private record Finished(int exitCode, String stdout, String stderr) {
    }

    private static Finished runToEnd(String... args) throws Exception {
        Process process = loomcat(List.of(), args);
        try {
            CompletableFuture<String> stdout = CompletableFuture.supplyAsync(() -> readAll(process, false));
            CompletableFuture<String> stderr = CompletableFuture.supplyAsync(() -> readAll(process, true));
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "loomcat did not exit");
            return new Finished(process.exitValue(), stdout.get(10, TimeUnit.SECONDS), stderr.get(10, TimeUnit.SECONDS));
        } finally {
            process.destroyForcibly();
        }
    }

    private static Process loomcat(List<String> jvmOptions, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(JAVA, "-Xshare:auto", "-cp", System.getProperty("java.class.path")));
        command.addAll(jvmOptions);
        command.add(LoomcatMain.class.getName());
        command.addAll(List.of(args));
        return new ProcessBuilder(command).start();
    }

    private static String readLine(BufferedReader reader) {
        try {
            return reader.readLine();
        } catch (IOException e) {
            return null;
        }
    }

    private static String readAll(Process process, boolean errorStream) {
        try {
            return new String((errorStream ? process.getErrorStream() : process.getInputStream()).readAllBytes(), UTF_8);
        } catch (IOException e) {
            return "<unreadable: " + e + ">";
        }
    }
}
