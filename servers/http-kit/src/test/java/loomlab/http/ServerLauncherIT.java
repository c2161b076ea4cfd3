package loomlab.http;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.Test;

class ServerLauncherIT {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final AtomicReference<HttpServerCore> started = new AtomicReference<>();

    @Test
    void printsTheListeningLineAndReturnsWhenStopped() throws Exception {
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> run("--port", "0"));
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (!out.toString(UTF_8).endsWith("\n") && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            HttpServerCore server = started.get();
            assertEquals("listening on http://127.0.0.1:" + server.port() + "\n", out.toString(UTF_8));
        } finally {
            if (started.get() != null) {
                started.get().close();
            }
        }
        assertEquals(0, exit.get(20, TimeUnit.SECONDS));
        assertEquals("", err.toString(UTF_8));
    }

    @Test
    void exitsWithTwoAndOneLineOnBadArguments() {
        assertEquals(ServerLauncher.EXIT_USAGE, run("--bogus"));
        assertEquals("test: unknown argument '--bogus'; options: --port N, --bind ADDRESS, --parent-pid PID\n", err.toString(UTF_8));
        assertEquals("", out.toString(UTF_8));
    }

    @Test
    void exitsWithTwoWhenThePortIsTaken() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            assertEquals(ServerLauncher.EXIT_USAGE, run("--port", String.valueOf(port)));
            assertEquals("port " + port + " is already in use\n", err.toString(UTF_8));
        }
    }

    @Test
    void printsUsageOnHelp() {
        assertEquals(0, run("--help"));
        assertTrue(out.toString(UTF_8).startsWith("usage: test [options]"), out.toString(UTF_8));
    }

    private int run(String... args) {
        return ServerLauncher.run("test", args, List.of(), parsed -> {
            HttpServerCore server = HttpServerCore.start(new ServerConfig("test", parsed.port(), ExecutorMode.platform(2)),
                    Router.builder().build(), new ServerStats("platform:2"));
            started.set(server);
            return server;
        }, new PrintStream(out, true, UTF_8), new PrintStream(err, true, UTF_8));
    }
}
