package loomlab.loomcat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import jdk.jfr.consumer.RecordedEvent;
import loomlab.http.BlockingHttpClient;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.Test;

/**
 * Pinning seen from inside, in this JVM: loomcat's blocking endpoint parks its virtual threads
 * without pinning them; {@code /pin} pins on purpose, which the stream catches.
 */
class PinningIT {
    private static final String PINNING_CLASS = "loomlab.loomcat.Pinning";
    private static final Duration FLUSH_WAIT = Duration.ofSeconds(30);

    @Test
    void theBlockingEndpointNeverPinsAndThePinningEndpointAlwaysDoes() throws Exception {
        try (Loomcat loomcat = Loomcat.start(0, ExecutorMode.virtual(), Optional.empty());
             BlockingHttpClient client = new BlockingHttpClient()) {
            // Each path once before watching, so first-use class loading is not what the watch sees.
            assertEquals(200, client.get(loomcat.baseUri().resolve("/blocking/1")).status());
            assertEquals(200, client.get(loomcat.baseUri().resolve("/pin/1")).status());
            try (PinningWatch watch = new PinningWatch()) {
                assertEquals(20, concurrently(loomcat, "/blocking/50", 20));
                assertEquals("pinned 30 ms\n", client.get(loomcat.baseUri().resolve("/pin/30")).bodyText());

                assertTrue(watch.awaitFrom(PINNING_CLASS, FLUSH_WAIT), "/pin/30 was not recorded as pinning");
                List<RecordedEvent> others = watch.notFrom(PINNING_CLASS);
                assertEquals(List.of(), others, "pinned outside /pin");
            }
        }
    }

    @Test
    void aPlatformThreadCanRunThePinningEndpointToo() throws Exception {
        try (Loomcat loomcat = Loomcat.start(0, ExecutorMode.platform(2), Optional.empty());
             BlockingHttpClient client = new BlockingHttpClient()) {
            long started = System.nanoTime();
            assertEquals("pinned 40 ms\n", client.get(loomcat.baseUri().resolve("/pin/40")).bodyText());
            assertTrue(System.nanoTime() - started >= TimeUnit.MILLISECONDS.toNanos(40));
            assertEquals(400, client.get(loomcat.baseUri().resolve("/pin/forever")).status());
        }
    }

    private static int concurrently(Loomcat loomcat, String path, int users) throws Exception {
        try (ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Integer>> statuses = new ArrayList<>();
            for (int i = 0; i < users; i++) {
                statuses.add(callers.submit(() -> {
                    try (BlockingHttpClient own = new BlockingHttpClient()) {
                        return own.get(loomcat.baseUri().resolve(path)).status();
                    }
                }));
            }
            int ok = 0;
            for (Future<Integer> status : statuses) {
                ok += status.get(30, TimeUnit.SECONDS) == 200 ? 1 : 0;
            }
            return ok;
        }
    }
}
