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
        return throughputBound(users, serverLimit, serviceSeconds, Pause.NONE);
    }

    /**
     * The highest rate when each user also pauses between requests: a user then offers at most one
     * request per service time plus its pause (on average, for a random pause), and the server's
     * limit still caps what is in progress.
     */
    public static double throughputBound(int users, int serverLimit, double serviceSeconds, Pause pause) {
        requirePositive(serviceSeconds);
        concurrency(users, serverLimit);
        return Math.min(users / (serviceSeconds + pause.meanSeconds()), serverLimit / serviceSeconds);
    }

    /**
     * The shortest time a fixed number of requests can take: they go in whole waves of
     * {@code concurrency} requests, so 60 requests by 20 users through a pool of 10 take 6 waves.
     */
    public static double elapsedBound(long requests, int users, int serverLimit, double serviceSeconds) {
        return elapsedBound(requests, users, serverLimit, serviceSeconds, Pause.NONE);
    }

    /**
     * As {@link #elapsedBound(long, int, int, double)} when each user pauses: a user's R rounds take
     * a service time each, with R - 1 pauses between them when it pauses after each answer, or R
     * pauses of half the length on average when it pauses a random time before each request (siege's
     * {@code -d}); the server's waves still take a service time each; the slower of the two sets the
     * bound.
     */
    public static double elapsedBound(long requests, int users, int serverLimit, double serviceSeconds,
                                      Pause pause) {
        requirePositive(serviceSeconds);
        if (requests <= 0) {
            throw new IllegalArgumentException("requests must be positive");
        }
        long serverWaves = waves(requests, concurrency(users, serverLimit));
        long userRounds = waves(requests, users);
        long pauses = pause.model() == Pause.Model.UNIFORM_BEFORE_REQUEST ? userRounds : userRounds - 1;
        return Math.max(serverWaves * serviceSeconds, userRounds * serviceSeconds + pauses * pause.meanSeconds());
    }

    /** How many waves of {@code perWave} requests it takes to send {@code requests}. */
    public static long waves(long requests, int perWave) {
        return (requests + perWave - 1) / perWave;
    }

    /** Measured over bound for rates (higher is better), so 1.0 means the bound was reached; null without a bound. */
    public static Double rateEfficiency(double measuredRps, double boundRps) {
        return boundRps > 0 ? measuredRps / boundRps : null;
    }

    /** Bound over measured for durations, so that here too 1.0 means the bound was reached; null unmeasured. */
    public static Double timeEfficiency(double measuredSeconds, double boundSeconds) {
        return measuredSeconds > 0 ? boundSeconds / measuredSeconds : null;
    }

    private static void requirePositive(double serviceSeconds) {
        if (!(serviceSeconds > 0)) {
            throw new IllegalArgumentException("service time must be positive");
        }
    }
}
