package loomlab.core.finding;

/** A figure two arms can be compared by, its unit, and which way is better. */
public enum Measure {
    THROUGHPUT("throughput", "req/s", true),
    /** Successful answers per second: throughput with error responses left out. */
    GOODPUT("goodput (successful answers per second)", "req/s", true),
    ELAPSED("elapsed time", "s", false),
    P99("p99 latency", "ms", false),
    LIGHT_DELAY_SUM("light tasks' summed wait to start", "ms", false),
    LIGHT_DELAY_P99("light tasks' p99 wait to start", "ms", false),
    WALL_TIME("time from process start to exit", "s", false),
    IN_PROCESS_TIME("time from the first submit to close()", "s", false),
    PEAK_RSS("peak RSS", "MB", false),
    RSS_PER_CONNECTION("resident memory per open connection", "KB", false),
    CONNECTIONS_HELD("connections held", "connections", true),
    CONNECT_RATE("connections opened per second", "per s", true),
    MESSAGE_P99("p99 round trip of a message", "ms", false),
    RSS_PER_THREAD("resident memory per parked thread", "KB", false),
    THREADS_HELD("parked threads held", "threads", true),
    OPS("throughput", "ops/s", true),
    ANSWER_TIME("time to the caller's answer", "ms", false),
    CAPACITY("capacity at the p99 target", "req/s", true),
    ANSWERED("requests answered", "requests", true);

    private final String label;
    private final String unit;
    private final boolean higherIsBetter;

    Measure(String label, String unit, boolean higherIsBetter) {
        this.label = label;
        this.unit = unit;
        this.higherIsBetter = higherIsBetter;
    }

    public String label() {
        return label;
    }

    public String unit() {
        return unit;
    }

    public boolean higherIsBetter() {
        return higherIsBetter;
    }
}
