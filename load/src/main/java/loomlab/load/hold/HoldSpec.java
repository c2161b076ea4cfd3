package loomlab.load.hold;

import java.time.Duration;
import java.util.List;

/**
 * One hold run: how many keep-alive connections to open, how fast, and how often each one sends its
 * echo message. Validated on construction, so the client never sees a nonsensical value; every
 * rejection is an {@link IllegalArgumentException} with one line naming the command-line option and
 * its valid range, because this spec exists for {@code HoldMain}'s command line.
 *
 * @param host           where the echo server listens
 * @param ports          connection {@code i} goes to {@code ports[i % ports.size()]}: several ports
 *                       let one run go past the 64k local ports of one address pair
 * @param connections    connections to open and hold
 * @param connectRate    intended connects per second during the ramp
 * @param interval       time between two messages of one connection
 * @param settle         how long all connections message unmeasured between the ramp and the hold:
 *                       room for whatever the caller does to the server before measuring (a full
 *                       collection), kept out of the round trips
 * @param hold           how long all connections stay open and messaging after the settle
 * @param maxConnecting  most connects in progress at once: bounds the pressure on the server's SYN backlog
 * @param stopAfterErrors after this many errors the ramp opens no more connections
 */
public record HoldSpec(String host, List<Integer> ports, int connections, int connectRate, Duration interval,
                       Duration settle, Duration hold, int maxConnecting, int stopAfterErrors) {

    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_CONNECT_RATE = 10_000;
    public static final Duration DEFAULT_INTERVAL = Duration.ofMillis(5_000);
    public static final Duration DEFAULT_HOLD = Duration.ofSeconds(10);
    public static final int DEFAULT_MAX_CONNECTING = 512;
    public static final int DEFAULT_STOP_AFTER_ERRORS = 100;

    // Upper bounds keep every schedule computation far from long overflow; none limits a real run.
    static final Range CONNECTIONS = new Range("--connections", 1, 1_000_000);
    static final Range CONNECT_RATE = new Range("--connect-rate", 1, 1_000_000);
    static final Range INTERVAL_MS = new Range("--interval-ms", 10, 3_600_000);
    static final Range HOLD_S = new Range("--hold-s", 1, 86_400);
    static final Range SETTLE_S = new Range("--settle-s", 0, 3_600);
    static final Range MAX_CONNECTING = new Range("--max-connecting", 1, 1_000_000);
    static final Range STOP_AFTER_ERRORS = new Range("--stop-after-errors", 1, 1_000_000);
    static final Range PORT = new Range("--ports", 1, 65_535);

    public HoldSpec {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("--host needs a host name or address, got '" + (host == null ? "" : host) + "'");
        }
        if (ports == null || ports.isEmpty()) {
            throw new IllegalArgumentException("--ports is required: " + PORT.describePorts());
        }
        for (Integer port : ports) {
            if (port == null || port < PORT.min() || port > PORT.max()) {
                throw new IllegalArgumentException("--ports needs " + PORT.describePorts() + ", got " + port);
            }
        }
        ports = List.copyOf(ports);
        CONNECTIONS.require(connections);
        CONNECT_RATE.require(connectRate);
        if (interval == null) {
            throw new IllegalArgumentException("--interval-ms needs " + INTERVAL_MS.describe() + ", got none");
        }
        INTERVAL_MS.require(interval.toMillis());
        if (settle == null) {
            throw new IllegalArgumentException("--settle-s needs " + SETTLE_S.describe() + ", got none");
        }
        SETTLE_S.require(settle.toSeconds());
        if (hold == null) {
            throw new IllegalArgumentException("--hold-s needs " + HOLD_S.describe() + ", got none");
        }
        HOLD_S.require(hold.toSeconds());
        MAX_CONNECTING.require(maxConnecting);
        STOP_AFTER_ERRORS.require(stopAfterErrors);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The valid values of one whole-number option, and the one-line message for any other. */
    record Range(String option, long min, long max) {

        long require(long value) {
            if (value < min || value > max) {
                throw new IllegalArgumentException(option + " needs " + describe() + ", got " + value);
            }
            return value;
        }

        String describe() {
            return "a whole number between " + min + " and " + max;
        }

        String describePorts() {
            return "port numbers between " + min + " and " + max + ", separated by commas";
        }
    }

    /** Defaults: host 127.0.0.1, 10,000 connects/s, a message every 5 s, no settle, hold 10 s, 512 connecting, stop after 100 errors. */
    public static final class Builder {
        private String host = DEFAULT_HOST;
        private List<Integer> ports = List.of();
        private int connections;
        private int connectRate = DEFAULT_CONNECT_RATE;
        private Duration interval = DEFAULT_INTERVAL;
        private Duration settle = Duration.ZERO;
        private Duration hold = DEFAULT_HOLD;
        private int maxConnecting = DEFAULT_MAX_CONNECTING;
        private int stopAfterErrors = DEFAULT_STOP_AFTER_ERRORS;

        private Builder() {
        }

        public Builder host(String value) { this.host = value; return this; }
        public Builder ports(List<Integer> value) { this.ports = value; return this; }
        public Builder ports(Integer... value) { this.ports = List.of(value); return this; }
        public Builder connections(int value) { this.connections = value; return this; }
        public Builder connectRate(int perSecond) { this.connectRate = perSecond; return this; }
        public Builder interval(Duration value) { this.interval = value; return this; }
        public Builder settle(Duration value) { this.settle = value; return this; }
        public Builder hold(Duration value) { this.hold = value; return this; }
        public Builder maxConnecting(int value) { this.maxConnecting = value; return this; }
        public Builder stopAfterErrors(int value) { this.stopAfterErrors = value; return this; }

        public HoldSpec build() {
            return new HoldSpec(host, ports, connections, connectRate, interval, settle, hold, maxConnecting,
                    stopAfterErrors);
        }
    }
}
