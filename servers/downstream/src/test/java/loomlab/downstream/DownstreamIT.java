package loomlab.downstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import loomlab.http.BlockingHttpClient;
import org.junit.jupiter.api.Test;

class DownstreamIT {
    private final BlockingHttpClient client = new BlockingHttpClient();

    @Test
    void answersAfterTheRequestedDelay() throws IOException {
        try (Downstream downstream = Downstream.start(0, 30); client) {
            long start = System.nanoTime();
            assertAnswer(200, "waited 100 ms\n", downstream, "/delay?ms=100");
            assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(100));
            assertAnswer(200, "waited 0 ms\n", downstream, "/delay?ms=0");
        }
    }

    @Test
    void usesTheDefaultDelayWithoutMs() throws IOException {
        try (Downstream downstream = Downstream.start(0, 30); client) {
            assertAnswer(200, "waited 30 ms\n", downstream, "/");
            assertAnswer(200, "waited 30 ms\n", downstream, "/delay");
        }
    }

    @Test
    void rejectsBadDelaysAndUnknownPaths() throws IOException {
        try (Downstream downstream = Downstream.start(0, 30); client) {
            for (String path : List.of("/delay?ms=soon", "/delay?ms=-5", "/delay?ms=600001", "/delay?ms=")) {
                assertEquals(400, get(downstream, path).status(), path);
            }
            assertEquals(404, get(downstream, "/elsewhere").status());
        }
    }

    /** Must never be an experiment's bottleneck: a thousand delayed requests wait side by side, not in turn. */
    @Test
    void holdsAThousandDelayedRequestsAtOnce() throws Exception {
        int requests = 1000;
        long delayMillis = 300;
        try (Downstream downstream = Downstream.start(0, 30); client;
             ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            long start = System.nanoTime();
            List<Future<Integer>> statuses = new ArrayList<>();
            for (int i = 0; i < requests; i++) {
                statuses.add(callers.submit(() -> get(downstream, "/delay?ms=" + delayMillis).status()));
            }
            int ok = 0;
            for (Future<Integer> status : statuses) {
                ok += status.get(60, TimeUnit.SECONDS) == 200 ? 1 : 0;
            }
            long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertEquals(requests, ok);
            // One at a time would take 300 s; even a 20-way limit would take 15 s.
            assertTrue(elapsedMillis < 15_000, "took " + elapsedMillis + " ms");
            assertEquals(requests, downstream.stats().requestsServed());
        }
    }

    private void assertAnswer(int status, String body, Downstream downstream, String path) throws IOException {
        BlockingHttpClient.Result result = get(downstream, path);
        assertEquals(status, result.status(), path);
        assertEquals(body, result.bodyText(), path);
    }

    private BlockingHttpClient.Result get(Downstream downstream, String path) throws IOException {
        return client.get(downstream.baseUri().resolve(path));
    }
}
