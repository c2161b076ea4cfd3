package loomlab.load.hold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Real runs against a loopback echo server, in this JVM; counts and generous bounds, never tight timing. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HoldClientIT {
    private final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(stdout, true, StandardCharsets.UTF_8);

    private List<String> lines() {
        return stdout.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void holdsEveryConnectionAndMeasuresItsMessages() throws Exception {
        try (EchoServer server = new EchoServer()) {
            HoldSpec spec = HoldSpec.builder().ports(server.port()).connections(300).connectRate(3_000)
                    .interval(Duration.ofMillis(200)).hold(Duration.ofSeconds(1)).build();
            HoldResult result = HoldMain.run(spec, out);
            List<String> progress = lines();
            System.out.println(String.join("\n", progress) + "\n" + result.toJson());

            assertEquals(300, result.connectionsHeld(), result.toJson());
            assertEquals(300, result.connectionsAttempted());
            assertEquals(0, result.errors(), result.toJson());
            assertNull(result.firstError());
            // 5 messages per connection are intended in the 1 s hold; late or unanswered ones still count
            assertTrue(result.messages() >= 300, result.toJson());
            assertTrue(result.messages() <= 300 * 6, result.toJson());
            assertTrue(result.messageP50Ms() <= result.messageP99Ms() && result.messageP99Ms() <= result.messageMaxMs(),
                    result.toJson());
            assertTrue(result.connectRatePerS() > 0, result.toJson());
            assertTrue(result.connectSeconds() > 0, result.toJson());
            assertNotNull(result.maxSendLagMs());
            assertEquals(300, server.accepted());
            assertTrue(server.echoes() >= result.messages() - result.messagesUnanswered(), result.toJson());
            assertEquals(200, result.intervalMs());
            assertFalse(result.rampStoppedByErrors());

            assertTrue(progress.stream().anyMatch(line -> line.startsWith("progress ")
                    && line.contains(" opened=300 attempted=300 errors=0 phase=hold")), String.join("\n", progress));
            assertTrue(progress.stream().allMatch(line -> line.matches(
                    "progress elapsed_ms=\\d+ opened=\\d+ attempted=\\d+ errors=\\d+ phase=(ramp|settle|hold)")),
                    String.join("\n", progress));
        }
    }

    @Test
    void stopsOpeningAfterTheErrorLimitWhenNothingListens() throws Exception {
        int deadPort;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            deadPort = probe.getLocalPort();
        }
        HoldSpec spec = HoldSpec.builder().ports(deadPort).connections(50).connectRate(3_000)
                .interval(Duration.ofMillis(200)).hold(Duration.ofSeconds(1)).stopAfterErrors(10).build();
        long start = System.nanoTime();
        HoldResult result = HoldMain.run(spec, out);
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        System.out.println(result.toJson());

        assertEquals(0, result.connectionsHeld(), result.toJson());
        assertTrue(result.errors() >= 10 && result.errors() <= 50, result.toJson());
        assertEquals(result.errors(), result.connectionsAttempted(), result.toJson());
        assertEquals(HoldErrorKind.REFUSED, result.firstError().kind(), result.toJson());
        assertEquals(result.errors(), result.errorsByKind().get(HoldErrorKind.REFUSED));
        assertEquals(0, result.messages());
        assertNull(result.messageP50Ms());
        assertNull(result.connectRatePerS());
        assertTrue(seconds < 30, "took " + seconds + " s");
    }

    @Test
    void theCommandLinePrintsProgressThenOneJsonLine() throws Exception {
        try (EchoServer server = new EchoServer()) {
            ByteArrayOutputStream stderr = new ByteArrayOutputStream();
            int exit = HoldMain.runCommandLine(new String[] {"--ports", server.port() + "," + server.port(),
                    "--connections", "20", "--connect-rate", "1000", "--interval-ms", "100", "--hold-s", "1"},
                    out, new PrintStream(stderr, true, StandardCharsets.UTF_8));

            assertEquals(0, exit, stderr.toString(StandardCharsets.UTF_8));
            List<String> lines = lines();
            String last = lines.getLast();
            System.out.println(String.join("\n", lines));
            assertTrue(last.startsWith("{\"program\":\"hold\",\"connections_target\":20,\"connections_held\":20,"), last);
            assertTrue(last.endsWith("}"), last);
            assertTrue(lines.subList(0, lines.size() - 1).stream().allMatch(line -> line.startsWith("progress ")));
            assertEquals("", stderr.toString(StandardCharsets.UTF_8));
        }
    }
}
