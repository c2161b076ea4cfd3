package loomlab.load;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Locale;

/**
 * What to send and how: one load run, validated on construction so that the engine never sees a
 * nonsensical value. Every rejection is an {@link IllegalArgumentException} with a one-line message.
 *
 * @param url          the target, {@code http://} only
 * @param connections  closed model: concurrent users, each with its own connection; open model:
 *                     connections opened up front (more are opened on demand up to maxInFlight)
 * @param requests     requests to measure after the warm-up, shared among users; 0 = no count limit
 * @param duration     measured window after the warm-up; null = no time limit. With both a count and
 *                     a duration, the run ends at whichever comes first
 * @param thinkTime    closed model: pause between a user's response and its next request
 * @param rate         open model: one global arrival rate in requests per second; 0 = closed model
 * @param keepAlive    false = one connection per request (ab without -k)
 * @param warmup       leading window whose requests are sent but not measured
 * @param timeout      per request, from sending (or connecting) to the whole response
 * @param maxInFlight  open model: cap on concurrent requests, i.e. on connections; equals
 *                     connections in the closed model
 * @param ioThreads    event-loop threads. One by default: a loopback target on a small machine
 *                     needs the remaining cores, and one NIO loop already keeps up with wrk -t1
 * @param paths        the requests mixed by weight (method, target, headers, body); by default a GET of
 *                     the URL's own path and query
 * @param arrivals     open model: how arrivals are spaced at the rate (evenly by default, or Poisson)
 */
public record LoadSpec(URI url, int connections, long requests, Duration duration, Duration thinkTime,
                       double rate, boolean keepAlive, Duration warmup, Duration timeout,
                       int maxInFlight, int ioThreads, RequestMix paths, Arrivals arrivals) {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
    public static final int DEFAULT_OPEN_MODEL_MAX_IN_FLIGHT = 10_000;
    public static final int MAX_IO_THREADS = 64;

    public LoadSpec {
        requireHttpUrl(url);
        if (connections < 1) {
            throw new IllegalArgumentException("connections must be at least 1, got " + connections);
        }
        if (requests < 0) {
            throw new IllegalArgumentException("requests must be positive (or 0 for no count limit), got " + requests);
        }
        if (duration != null && !isPositive(duration)) {
            throw new IllegalArgumentException("duration must be positive, got " + DurationText.format(duration));
        }
        if (requests == 0 && duration == null) {
            throw new IllegalArgumentException("give a request count or a duration (or both)");
        }
        requireNotNegative("think time", thinkTime);
        requireNotNegative("warm-up", warmup);
        if (timeout == null || !isPositive(timeout)) {
            throw new IllegalArgumentException("timeout must be positive, got "
                    + (timeout == null ? "none" : DurationText.format(timeout)));
        }
        if (!(rate >= 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("rate must be a finite number of requests per second >= 0 (0 = closed model), got " + rate);
        }
        if (rate > 0 && !thinkTime.isZero()) {
            throw new IllegalArgumentException("think time applies to the closed model only (rate 0); the open model paces by rate");
        }
        if (maxInFlight < connections) {
            throw new IllegalArgumentException("max in flight (" + maxInFlight + ") must be at least connections (" + connections + ")");
        }
        if (rate == 0 && maxInFlight != connections) {
            throw new IllegalArgumentException("max in flight applies to the open model only (rate > 0); the closed model has one request per connection");
        }
        if (ioThreads < 1 || ioThreads > MAX_IO_THREADS) {
            throw new IllegalArgumentException("io threads must be between 1 and " + MAX_IO_THREADS + ", got " + ioThreads);
        }
        if (ioThreads > connections) {
            throw new IllegalArgumentException("io threads (" + ioThreads + ") must not exceed connections (" + connections + ")");
        }
        if (paths == null) {
            throw new IllegalArgumentException("a request mix is required (RequestMix.single for one target)");
        }
        if (arrivals == null) {
            throw new IllegalArgumentException("arrivals are required (Arrivals.EVEN by default)");
        }
        if (rate == 0 && !(arrivals instanceof Arrivals.Even)) {
            throw new IllegalArgumentException("arrivals apply to the open model only (rate > 0); closed-model users"
                    + " send when their last answer is in");
        }
    }

    /** The URL's own path and query, as it goes on the request line. */
    static String targetOf(URI url) {
        String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
        return url.getRawQuery() == null ? path : path + "?" + url.getRawQuery();
    }

    public boolean openModel() {
        return rate > 0;
    }

    public static Builder builder(URI url) {
        return new Builder(url);
    }

    /** Parses the URL first, so that a malformed one gets the same one-line treatment. */
    public static Builder builder(String url) {
        try {
            return new Builder(new URI(url));
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a valid URL: '" + url + "' (" + e.getReason() + ")");
        }
    }

    /** Connection and port to connect to: the URL's port, or 80. */
    public int port() {
        return url.getPort() == -1 ? 80 : url.getPort();
    }

    private static void requireHttpUrl(URI url) {
        if (url == null) {
            throw new IllegalArgumentException("a target URL is required");
        }
        String scheme = url.getScheme();
        if (scheme == null || !scheme.toLowerCase(Locale.ROOT).equals("http")) {
            throw new IllegalArgumentException("only http:// URLs are supported, got '" + url + "'");
        }
        if (url.getHost() == null || url.getHost().isEmpty()) {
            throw new IllegalArgumentException("the URL has no host: '" + url + "'");
        }
        if (url.getRawUserInfo() != null || url.getRawFragment() != null) {
            throw new IllegalArgumentException("the URL may not carry user info or a fragment: '" + url + "'");
        }
    }

    private static void requireNotNegative(String what, Duration value) {
        if (value == null || value.isNegative()) {
            throw new IllegalArgumentException(what + " must be zero or positive, got "
                    + (value == null ? "none" : DurationText.format(value)));
        }
    }

    private static boolean isPositive(Duration value) {
        return !value.isNegative() && !value.isZero();
    }

    /** Defaults: 1 connection, keep-alive, no think time, no warm-up, 30 s timeout, 1 io thread. */
    public static final class Builder {
        private final URI url;
        private int connections = 1;
        private long requests;
        private Duration duration;
        private Duration thinkTime = Duration.ZERO;
        private double rate;
        private boolean keepAlive = true;
        private Duration warmup = Duration.ZERO;
        private Duration timeout = DEFAULT_TIMEOUT;
        private Integer maxInFlight;
        private int ioThreads = 1;
        private RequestMix paths;
        private Arrivals arrivals = Arrivals.EVEN;

        private Builder(URI url) {
            this.url = url;
        }

        public Builder connections(int value) { this.connections = value; return this; }
        public Builder requests(long value) { this.requests = value; return this; }
        public Builder duration(Duration value) { this.duration = value; return this; }
        public Builder thinkTime(Duration value) { this.thinkTime = value; return this; }
        public Builder rate(double requestsPerSecond) { this.rate = requestsPerSecond; return this; }
        public Builder keepAlive(boolean value) { this.keepAlive = value; return this; }
        public Builder warmup(Duration value) { this.warmup = value; return this; }
        public Builder timeout(Duration value) { this.timeout = value; return this; }
        public Builder maxInFlight(int value) { this.maxInFlight = value; return this; }
        public Builder ioThreads(int value) { this.ioThreads = value; return this; }
        /** Requests to the URL's host and port, mixed by weight, instead of a GET of the URL's own path. */
        public Builder paths(RequestMix value) { this.paths = value; return this; }

        /** How the open model spaces its arrivals (evenly unless set). */
        public Builder arrivals(Arrivals value) { this.arrivals = value; return this; }

        /** Unless set: the open model may grow to max(connections, 10,000); the closed model has connections. */
        public LoadSpec build() {
            int cap = maxInFlight != null ? maxInFlight
                    : rate > 0 ? Math.max(connections, DEFAULT_OPEN_MODEL_MAX_IN_FLIGHT) : connections;
            requireHttpUrl(url); // before its path becomes the default mix, so a bad URL is named as such
            RequestMix mix = paths != null ? paths : RequestMix.single(targetOf(url));
            return new LoadSpec(url, connections, requests, duration, thinkTime, rate, keepAlive, warmup,
                    timeout, cap, ioThreads, mix, arrivals);
        }
    }
}
