package loomlab.core.arm;

import java.util.Objects;

/**
 * One arm of the {@code connections} experiment: a thread-per-connection server on blocking sockets
 * holding {@code connections} keep-alive connections, each sending a small message every
 * {@code intervalMs}, in a network namespace of the lab's own.
 *
 * @param key             its mode the threads: a virtual thread per connection, or a platform thread
 * @param connectRatePerS how fast the client opens connections
 * @param holdS           how long every connection stays open and messaging once all are open
 * @param fileLimit       the open-files limit to set on the server and the client (lowered by tests
 *                        to reach a limit on purpose), or null for each process's hard limit
 */
public record ConnectionsArmPlan(ArmKey key, int connections, int connectRatePerS, int intervalMs,
                                 int holdS, Integer fileLimit) implements ArmPlan {
    public static final int MAX_CONNECTIONS = 1_000_000;

    public ConnectionsArmPlan {
        Objects.requireNonNull(key);
        if (!key.mode().onVirtualThreads() && !key.mode().onPlatformThreads()) {
            throw new IllegalArgumentException("a connections arm holds a platform or a virtual thread per connection, not '"
                    + key.mode() + "'");
        }
        if (connections < 1 || connections > MAX_CONNECTIONS) {
            throw new IllegalArgumentException("connections must be from 1 to 1,000,000, got " + connections);
        }
        if (connectRatePerS < 1 || intervalMs < 10 || holdS < 1) {
            throw new IllegalArgumentException("connect rate, interval and hold must be positive (interval ≥ 10 ms)");
        }
        if (fileLimit != null && fileLimit < 64) {
            throw new IllegalArgumentException("a file limit below 64 leaves a JVM no room to start");
        }
    }

    /** A virtual thread per connection, else a platform thread. */
    public boolean virtual() {
        return key.mode().onVirtualThreads();
    }

    /** The server's {@code --threads}: {@code platform} or {@code virtual}. */
    public String threads() {
        return key.mode().threads().orElseThrow().id();
    }
}
