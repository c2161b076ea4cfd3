package loomlab.core.arm;

import java.time.Duration;
import java.util.Objects;
import loomlab.threads.ExecutorMode;

/**
 * An arm that drives a server under test over HTTP: which server in which executor mode, what to
 * request, how many users, and for how long or how many requests.
 *
 * @param server            the server under test, e.g. {@code loomcat}
 * @param executorMode      the server's executor mode
 * @param path              the request path, e.g. {@code /downstream?delay=50}
 * @param downstreamDelayMs the delay of a downstream service the server calls, or null for none
 * @param users             concurrent users (closed model)
 * @param requests          requests in all, or 0 when the arm runs for {@code duration}
 * @param duration          how long the arm measures, or null when it counts requests
 * @param warmup            how long to load the server before measuring; excluded from results
 * @param warmupPath        what the warm-up requests, so a 3 s endpoint can be warmed by a short one
 * @param serviceSeconds    the time one request waits, for Little's law
 * @param published         the seed's figure for this arm, or null
 * @param sweep             the swept parameter and this arm's value of it, or null when not swept
 * @param thinkTime         each user's pause between an answer and its next request (zero for none)
 */
public record HttpArmPlan(String name, String server, ExecutorMode executorMode, String path, Integer downstreamDelayMs,
                          int users, long requests, Duration duration, Duration warmup, String warmupPath,
                          double serviceSeconds, Published published, SweepPoint sweep, Duration thinkTime)
        implements ArmPlan {

    public HttpArmPlan {
        Objects.requireNonNull(name);
        Objects.requireNonNull(server);
        Objects.requireNonNull(executorMode);
        Objects.requireNonNull(path);
        if (users <= 0) {
            throw new IllegalArgumentException("users must be positive");
        }
        if ((requests > 0) == (duration != null)) {
            throw new IllegalArgumentException("an HTTP arm runs either a request count or a duration");
        }
        thinkTime = thinkTime == null ? Duration.ZERO : thinkTime;
        if (thinkTime.isNegative()) {
            throw new IllegalArgumentException("think time must not be negative");
        }
    }

    /** An arm without think time. */
    public HttpArmPlan(String name, String server, ExecutorMode executorMode, String path, Integer downstreamDelayMs,
                       int users, long requests, Duration duration, Duration warmup, String warmupPath,
                       double serviceSeconds, Published published, SweepPoint sweep) {
        this(name, server, executorMode, path, downstreamDelayMs, users, requests, duration, warmup, warmupPath,
                serviceSeconds, published, sweep, Duration.ZERO);
    }

    /** An arm that is not part of a sweep. */
    public HttpArmPlan(String name, String server, ExecutorMode executorMode, String path, Integer downstreamDelayMs,
                       int users, long requests, Duration duration, Duration warmup, String warmupPath,
                       double serviceSeconds, Published published) {
        this(name, server, executorMode, path, downstreamDelayMs, users, requests, duration, warmup, warmupPath,
                serviceSeconds, published, null);
    }

    public static HttpArmPlan forDuration(String server, ExecutorMode mode, String path, int users, Duration duration,
                                          Duration warmup, double serviceSeconds) {
        return new HttpArmPlan(defaultName(mode, users), server, mode, path, null, users, 0, duration, warmup,
                path, serviceSeconds, null);
    }

    public static HttpArmPlan forRequests(String server, ExecutorMode mode, String path, int users, long requests,
                                          Duration warmup, String warmupPath, double serviceSeconds) {
        return new HttpArmPlan(defaultName(mode, users) + ", " + requests + " requests", server, mode, path, null,
                users, requests, null, warmup, warmupPath, serviceSeconds, null);
    }

    public HttpArmPlan withDownstream(int delayMs) {
        return new HttpArmPlan(name, server, executorMode, path, delayMs, users, requests, duration, warmup, warmupPath,
                serviceSeconds, published, sweep, thinkTime);
    }

    public HttpArmPlan withPublished(Published figure) {
        return new HttpArmPlan(name, server, executorMode, path, downstreamDelayMs, users, requests, duration, warmup,
                warmupPath, serviceSeconds, figure, sweep, thinkTime);
    }

    public HttpArmPlan withName(String newName) {
        return new HttpArmPlan(newName, server, executorMode, path, downstreamDelayMs, users, requests, duration, warmup,
                warmupPath, serviceSeconds, published, sweep, thinkTime);
    }

    public HttpArmPlan withSweep(SweepPoint point) {
        return new HttpArmPlan(name, server, executorMode, path, downstreamDelayMs, users, requests, duration, warmup,
                warmupPath, serviceSeconds, published, point, thinkTime);
    }

    public HttpArmPlan withThinkTime(Duration pause) {
        return new HttpArmPlan(name, server, executorMode, path, downstreamDelayMs, users, requests, duration, warmup,
                warmupPath, serviceSeconds, published, sweep, pause);
    }

    public HttpArmPlan withServiceSeconds(double seconds) {
        return new HttpArmPlan(name, server, executorMode, path, downstreamDelayMs, users, requests, duration, warmup,
                warmupPath, seconds, published, sweep, thinkTime);
    }

    /** The same arm on another server, whose endpoint for the same work may have another path. */
    public HttpArmPlan onServer(String otherServer, String otherPath, String otherWarmupPath) {
        return new HttpArmPlan(name, otherServer, executorMode, otherPath, downstreamDelayMs, users, requests, duration,
                warmup, otherWarmupPath, serviceSeconds, published, sweep, thinkTime);
    }

    public double thinkSeconds() {
        return thinkTime.toNanos() / 1e9;
    }

    public boolean countsRequests() {
        return requests > 0;
    }

    /** The server's limit on requests in progress: N for {@code platform:N}, unbounded otherwise. */
    public int serverLimit() {
        return executorMode.concurrencyLimit();
    }

    @Override
    public String mode() {
        return executorMode.toString();
    }

    private static String defaultName(ExecutorMode mode, int users) {
        return mode + ", " + users + (users == 1 ? " user" : " users");
    }
}
