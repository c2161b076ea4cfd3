package loomlab.lab.series;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import loomlab.load.LoadGenerator;
import loomlab.load.LoadListener;
import loomlab.load.LoadResult;
import loomlab.load.LoadSpec;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generator's per-interval histograms, logged as it runs against a loopback server, add up to every request. */
class IntervalLogListenerIT {
    private static final int REQUESTS = 150;

    @TempDir
    Path dir;

    @Test
    void theLogHoldsEveryMeasuredRequestAndTheNextListenerGetsEveryInterval() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        byte[] body = "ok".getBytes(StandardCharsets.US_ASCII);
        server.createContext("/", exchange -> {
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        Path file = dir.resolve("arms").resolve("run.hlog");
        AtomicInteger intervalsSeen = new AtomicInteger();
        LoadResult result;
        try {
            URI url = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
            LoadSpec spec = LoadSpec.builder(url).connections(3).requests(REQUESTS).timeout(Duration.ofSeconds(30))
                    .build();
            LoadListener counting = interval -> intervalsSeen.incrementAndGet();
            try (IntervalLogListener log = IntervalLogListener.open(file, "loopback test", counting,
                    new PrintStream(OutputStream.nullOutputStream()))) {
                result = LoadGenerator.run(spec, log);
            }
        } finally {
            server.stop(0);
        }
        assertEquals(REQUESTS, result.requests());
        long logged = 0;
        int intervals = 0;
        HistogramLogReader reader = new HistogramLogReader(file.toFile());
        try {
            EncodableHistogram interval;
            while ((interval = reader.nextIntervalHistogram()) != null) {
                logged += ((org.HdrHistogram.Histogram) interval).getTotalCount();
                intervals++;
            }
        } finally {
            reader.close();
        }
        assertEquals(result.requests(), logged);
        assertTrue(intervals >= 1, "intervals " + intervals);
        assertEquals(intervalsSeen.get(), intervals, "every interval is logged and passed on");
    }
}
