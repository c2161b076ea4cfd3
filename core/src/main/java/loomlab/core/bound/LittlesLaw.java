package loomlab.core.bound;

/**
 * Little's law, throughput = concurrency / latency, as the ceiling no thread model can beat for a
 * request that waits. Concurrency is the smaller of the users offering load and the server's limit
 * (a platform pool of N holds at most N requests in progress).
 */
public final class LittlesLaw {
    private LittlesLaw() {
    }

    /** Requests that can be in progress at once. */
    public static int concurrency(int users, int serverLimit) {
        if (users <= 0 || serverLimit <= 0) {
            throw new IllegalArgumentException("users and server limit must be positive");
        }
        return Math.min(users, serverLimit);
    }

    /** The highest sustainable rate, in requests per second, when each request waits {@code serviceSeconds}. */
    public static double throughputBound(int users, int serverLimit, double serviceSeconds) {
        requirePositive(serviceSeconds);
        return concurrency(users, serverLimit) / serviceSeconds;
    }

    /**
     * The shortest time a fixed number of requests can take: they go in whole waves of
     * {@code concurrency} requests, so 60 requests by 20 users through a pool of 10 take 6 waves.
     */
    public static double elapsedBound(long requests, int users, int serverLimit, double serviceSeconds) {
        requirePositive(serviceSeconds);
        if (requests <= 0) {
            throw new IllegalArgumentException("requests must be positive");
        }
        int concurrency = concurrency(users, serverLimit);
        long waves = (requests + concurrency - 1) / concurrency;
        return waves * serviceSeconds;
    }

    /** Measured over bound for rates (higher is better), so 1.0 means the bound was reached. */
    public static double rateEfficiency(double measuredRps, double boundRps) {
        return boundRps > 0 ? measuredRps / boundRps : Double.NaN;
    }

    /** Bound over measured for durations, so that here too 1.0 means the bound was reached. */
    public static double timeEfficiency(double measuredSeconds, double boundSeconds) {
        return measuredSeconds > 0 ? boundSeconds / measuredSeconds : Double.NaN;
    }

    private static void requirePositive(double serviceSeconds) {
        if (!(serviceSeconds > 0)) {
            throw new IllegalArgumentException("service time must be positive");
        }
    }
}
