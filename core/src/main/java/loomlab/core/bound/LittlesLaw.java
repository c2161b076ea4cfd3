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
     * The highest rate when each user also pauses {@code thinkSeconds} between an answer and its
     * next request: a user then offers at most one request per service time plus pause, and the
     * server's limit still caps what is in progress.
     */
    public static double throughputBound(int users, int serverLimit, double serviceSeconds, double thinkSeconds) {
        requirePositive(serviceSeconds);
        requireNotNegative(thinkSeconds);
        concurrency(users, serverLimit);
        return Math.min(users / (serviceSeconds + thinkSeconds), serverLimit / serviceSeconds);
    }

    /**
     * The shortest time a fixed number of requests can take: they go in whole waves of
     * {@code concurrency} requests, so 60 requests by 20 users through a pool of 10 take 6 waves.
     */
    public static double elapsedBound(long requests, int users, int serverLimit, double serviceSeconds) {
        return elapsedBound(requests, users, serverLimit, serviceSeconds, 0);
    }

    /**
     * As {@link #elapsedBound(long, int, int, double)} when each user pauses between requests: a
     * user's rounds take a service time each with a pause between them, and the server's waves
     * still take a service time each; the slower of the two sets the bound.
     */
    public static double elapsedBound(long requests, int users, int serverLimit, double serviceSeconds,
                                      double thinkSeconds) {
        requirePositive(serviceSeconds);
        requireNotNegative(thinkSeconds);
        if (requests <= 0) {
            throw new IllegalArgumentException("requests must be positive");
        }
        long serverWaves = waves(requests, concurrency(users, serverLimit));
        long userRounds = waves(requests, users);
        return Math.max(serverWaves * serviceSeconds, userRounds * serviceSeconds + (userRounds - 1) * thinkSeconds);
    }

    private static long waves(long requests, int perWave) {
        return (requests + perWave - 1) / perWave;
    }

    /** Measured over bound for rates (higher is better), so 1.0 means the bound was reached. */
    public static double rateEfficiency(double measuredRps, double boundRps) {
        return boundRps > 0 ? measuredRps / boundRps : Double.NaN;
    }

    /** Bound over measured for durations, so that here too 1.0 means the bound was reached. */
    public static double timeEfficiency(double measuredSeconds, double boundSeconds) {
        return measuredSeconds > 0 ? boundSeconds / measuredSeconds : Double.NaN;
    }

    private static void requireNotNegative(double thinkSeconds) {
        if (!(thinkSeconds >= 0)) {
            throw new IllegalArgumentException("think time must not be negative");
        }
    }

    private static void requirePositive(double serviceSeconds) {
        if (!(serviceSeconds > 0)) {
            throw new IllegalArgumentException("service time must be positive");
        }
    }
}
