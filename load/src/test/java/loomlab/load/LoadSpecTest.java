package loomlab.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class LoadSpecTest {

    private static final String URL = "http://127.0.0.1:8080/hello";

    private static String rejection(UnaryOperator<LoadSpec.Builder> settings) {
        return rejection(URL, settings);
    }

    private static String rejection(String url, UnaryOperator<LoadSpec.Builder> settings) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> settings.apply(LoadSpec.builder(url)).build());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e.getMessage();
    }

    @Test
    void defaultsDescribeAKeepAliveClosedModelWithOneLoop() {
        LoadSpec spec = LoadSpec.builder(URL).requests(10).build();
        assertEquals(1, spec.connections());
        assertTrue(spec.keepAlive());
        assertFalse(spec.openModel());
        assertEquals(Duration.ZERO, spec.thinkTime());
        assertEquals(Duration.ZERO, spec.warmup());
        assertEquals(Duration.ofSeconds(30), spec.timeout());
        assertEquals(1, spec.maxInFlight());
        assertEquals(1, spec.ioThreads());
        assertEquals(8080, spec.port());
        assertEquals(java.util.List.of("/hello"), spec.paths().labels(), "the URL's own path, alone");
        assertEquals(Arrivals.EVEN, spec.arrivals());
    }

    @Test
    void arrivalsOtherThanEvenBelongToTheOpenModel() {
        assertEquals(new Arrivals.Poisson(5), LoadSpec.builder(URL).rate(10).duration(Duration.ofSeconds(1))
                .arrivals(new Arrivals.Poisson(5)).build().arrivals());
        assertTrue(rejection(b -> b.requests(1).arrivals(new Arrivals.Poisson(5))).contains("open model"));
    }

    @Test
    void aRequestMixReplacesTheUrlsPath() {
        RequestMix mix = RequestMix.of(java.util.List.of("/a", "/b?c=d"), java.util.List.of(2, 1));
        assertEquals(mix, LoadSpec.builder(URL).paths(mix).requests(1).build().paths());
        assertEquals(java.util.List.of("/x?y=1"), LoadSpec.builder("http://h:1/x?y=1").requests(1).build().paths()
                .labels());
    }

    @Test
    void theOpenModelMayGrowToTenThousandConnectionsUnlessCapped() {
        assertEquals(10_000, LoadSpec.builder(URL).rate(100).duration(Duration.ofSeconds(1)).build().maxInFlight());
        assertEquals(20_000, LoadSpec.builder(URL).rate(100).connections(20_000).duration(Duration.ofSeconds(1)).build().maxInFlight());
        assertEquals(64, LoadSpec.builder(URL).rate(100).maxInFlight(64).duration(Duration.ofSeconds(1)).build().maxInFlight());
    }

    @Test
    void aUrlWithoutPortUsesEighty() {
        assertEquals(80, LoadSpec.builder("http://localhost/").requests(1).build().port());
    }

    @Test
    void rejectsTargetsThatAreNotPlainHttp() {
        assertEquals("only http:// URLs are supported, got 'https://127.0.0.1/'", rejection("https://127.0.0.1/", b -> b.requests(1)));
        assertEquals("only http:// URLs are supported, got 'ftp://127.0.0.1/'", rejection("ftp://127.0.0.1/", b -> b.requests(1)));
        assertEquals("only http:// URLs are supported, got 'localhost'", rejection("localhost", b -> b.requests(1)));
        assertTrue(rejection("127.0.0.1:8080", b -> b.requests(1)).startsWith("not a valid URL: '127.0.0.1:8080'"));
        assertEquals("the URL has no host: 'http:///x'", rejection("http:///x", b -> b.requests(1)));
        assertTrue(rejection("http://bad host/", b -> b.requests(1)).startsWith("not a valid URL: 'http://bad host/'"));
    }

    @Test
    void rejectsCountsAndDurationsThatAreZeroOrNegative() {
        assertEquals("connections must be at least 1, got 0", rejection(b -> b.requests(1).connections(0)));
        assertEquals("requests must be positive (or 0 for no count limit), got -5", rejection(b -> b.requests(-5)));
        assertEquals("duration must be positive, got 0s", rejection(b -> b.duration(Duration.ZERO)));
        assertEquals("duration must be positive, got -1s", rejection(b -> b.duration(Duration.ofSeconds(-1))));
        assertEquals("give a request count or a duration (or both)", rejection(b -> b));
        assertEquals("timeout must be positive, got 0s", rejection(b -> b.requests(1).timeout(Duration.ZERO)));
        assertEquals("think time must be zero or positive, got -5ms", rejection(b -> b.requests(1).thinkTime(Duration.ofMillis(-5))));
        assertEquals("warm-up must be zero or positive, got -2s", rejection(b -> b.requests(1).warmup(Duration.ofSeconds(-2))));
    }

    @Test
    void rejectsSettingsThatMixTheTwoModels() {
        assertEquals("rate must be a finite number of requests per second >= 0 (0 = closed model), got -1.0",
                rejection(b -> b.requests(1).rate(-1)));
        assertEquals("think time applies to the closed model only (rate 0); the open model paces by rate",
                rejection(b -> b.requests(1).rate(10).thinkTime(Duration.ofMillis(5))));
        assertEquals("max in flight applies to the open model only (rate > 0); the closed model has one request per connection",
                rejection(b -> b.requests(1).maxInFlight(100)));
        assertEquals("max in flight (4) must be at least connections (8)",
                rejection(b -> b.requests(1).rate(10).connections(8).maxInFlight(4)));
    }

    @Test
    void rejectsIoThreadCountsOutsideTheConnections() {
        assertEquals("io threads must be between 1 and 64, got 0", rejection(b -> b.requests(1).ioThreads(0)));
        assertEquals("io threads (3) must not exceed connections (2)", rejection(b -> b.requests(1).connections(2).ioThreads(3)));
    }
}
