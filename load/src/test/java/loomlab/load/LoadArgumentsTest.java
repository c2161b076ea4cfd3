package loomlab.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class LoadArgumentsTest {

    private static String rejection(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> LoadArguments.parse(args)).getMessage();
    }

    @Test
    void readsAWrkStyleCommandLine() {
        LoadSpec spec = LoadArguments.parse("http://127.0.0.1:9000/hello", "-c", "50", "-d", "10s", "--warmup", "2s");
        assertEquals(URI.create("http://127.0.0.1:9000/hello"), spec.url());
        assertEquals(50, spec.connections());
        assertEquals(Duration.ofSeconds(10), spec.duration());
        assertEquals(Duration.ofSeconds(2), spec.warmup());
        assertEquals(0, spec.requests());
        assertFalse(spec.openModel());
    }

    @Test
    void readsEveryOption() {
        LoadSpec spec = LoadArguments.parse("-n", "1_000", "--rate", "250.5", "--timeout", "500ms", "--no-keepalive",
                "--max-in-flight", "64", "--io-threads", "2", "-c", "4", "http://localhost:1/");
        assertEquals(1_000, spec.requests());
        assertEquals(250.5, spec.rate());
        assertEquals(Duration.ofMillis(500), spec.timeout());
        assertFalse(spec.keepAlive());
        assertEquals(64, spec.maxInFlight());
        assertEquals(2, spec.ioThreads());
        assertEquals(Duration.ofMillis(20), LoadArguments.parse("http://h/", "-n", "1", "--think", "20ms").thinkTime());
    }

    @Test
    void explainsEachMistakeInOneLine() {
        assertEquals("give the target URL, e.g. http://127.0.0.1:8080/hello", rejection("-n", "5"));
        assertEquals("-c needs a value", rejection("http://h/", "-c"));
        assertEquals("-c needs a whole number, got 'many'", rejection("http://h/", "-c", "many"));
        assertEquals("-n must be at least 1, got 0", rejection("http://h/", "-n", "0"));
        assertEquals("--rate needs a number, got 'fast'", rejection("http://h/", "-n", "1", "--rate", "fast"));
        assertEquals("one URL only, got 'http://a/' and 'http://b/'", rejection("http://a/", "http://b/"));
        assertEquals("unknown option '-k' (valid: -c, -n, -d, --rate, --think, --warmup, --timeout, --no-keepalive, --max-in-flight, --io-threads)",
                rejection("http://h/", "-k", "1"));
        assertTrue(rejection("http://h/", "-n", "1", "-k").startsWith("unknown option '-k'"));
        assertEquals("give a request count or a duration (or both)", rejection("http://h/"));
        assertEquals("not a duration: 'soon' (use e.g. 500ms, 10s, 2m, 1h)", rejection("http://h/", "-d", "soon"));
    }
}
