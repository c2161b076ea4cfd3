package loomlab.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What goes on the wire, read by a loopback server of the test's own, and what the generator counts of the answers. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RequestsSentIT {
    private static final byte[] JSON = "{\"item\":7,\"note\":\"caf\u00e9\"}".getBytes(StandardCharsets.UTF_8);

    /** Every request it read, as bytes (head and body); answers each with {@code status}, keeping the connection. */
    private static LoopbackServers.Raw recording(List<byte[]> requests, int status) {
        return new LoopbackServers.Raw(socket -> {
            InputStream in = socket.getInputStream();
            while (true) {
                byte[] request = readRequest(in);
                if (request == null) {
                    return;
                }
                requests.add(request);
                socket.getOutputStream().write(("HTTP/1.1 " + status + " X\r\nContent-Length: 2\r\n\r\nok")
                        .getBytes(StandardCharsets.US_ASCII));
            }
        });
    }

    /** One request's bytes: the head to its blank line, then Content-Length bytes of body; null at the end. */
    private static byte[] readRequest(InputStream in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < end.length) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            bytes.write(b);
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        String head = bytes.toString(StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
        int at = head.indexOf("content-length:");
        if (at >= 0) {
            int length = Integer.parseInt(head.substring(at + 15, head.indexOf("\r\n", at)).strip());
            bytes.write(in.readNBytes(length));
        }
        return bytes.toByteArray();
    }

    @Test
    void aPostGoesOutWithItsHeadersAndBodyExactlyBesideTheGetsOfTheMix() throws Exception {
        List<byte[]> received = new CopyOnWriteArrayList<>();
        try (var server = recording(received, 201)) {
            URI url = server.url("/");
            Request post = new Request("POST", "/orders", List.of(new Request.Header("Content-Type",
                    "application/json"), new Request.Header("X-Tenant", "t1")), JSON);
            Request get = Request.get("/stock?id=7");
            LoadResult result = LoadGenerator.run(LoadSpec.builder(url).paths(RequestMix.ofRequests(List.of(post, get),
                    List.of(3, 1))).connections(2).requests(40).build(), LoadListener.NONE);
            assertEquals(40, result.requests());
            assertEquals(ErrorCounts.NONE, result.errors(), "201 is a success");
            String host = "127.0.0.1:" + url.getPort();
            String postBytes = HexFormat.of().formatHex(post.bytes(host, true));
            String getBytes = HexFormat.of().formatHex(get.bytes(host, true));
            assertTrue(postBytes.contains(HexFormat.of().formatHex(JSON)), "the body is the file's bytes");
            assertEquals(40, received.size());
            assertEquals(30, received.stream().filter(r -> HexFormat.of().formatHex(r).equals(postBytes)).count(),
                    "every POST byte for byte: " + new String(received.getFirst(), StandardCharsets.ISO_8859_1));
            assertEquals(10, received.stream().filter(r -> HexFormat.of().formatHex(r).equals(getBytes)).count());
            assertEquals(List.of("POST /orders", "/stock?id=7"), result.paths().stream().map(PathLatency::path)
                    .toList(), "figures name a POST by its method");
        }
    }

    /** The last sample of a run, taken as it ends. */
    private static final class LastSample implements RunObserver {
        final AtomicReference<RunSample> last = new AtomicReference<>();

        @Override
        public void started(LiveRun run) {
        }

        @Override
        public void ended(LiveRun run) {
            last.set(run.sample());
        }
    }

    @Test
    void anErrorStatusIsAnAnswerButNotASuccess() throws Exception {
        for (int status : List.of(503, 200, 302, 404)) {
            List<byte[]> received = new CopyOnWriteArrayList<>();
            try (var server = recording(received, status)) {
                LastSample observer = new LastSample();
                LoadResult result = LoadGenerator.run(LoadSpec.builder(server.url("/")).rate(200).connections(2)
                                .warmup(Duration.ofMillis(200)).duration(Duration.ofMillis(500)).build(),
                        LoadListener.NONE, StopWhen.NEVER, observer);
                RunSample sample = observer.last.get();
                boolean ok = status < 400;
                assertEquals(received.size(), sample.answered(), status + ": every request was answered");
                assertEquals(received.size(), sample.sent(), status + ": and sent once");
                assertEquals(ok ? sample.answered() : 0, sample.answeredOk(), status + ": successes");
                assertEquals(ok ? 0 : result.requests(), result.errors().status(), status + ": error statuses");
            }
        }
    }
}
