package loomlab.core.arm;

import java.time.Duration;
import java.util.Objects;
import loomlab.core.bound.Pause;

/**
 * How an HTTP arm is loaded: closed-model users, each with one request at a time, for a number of
 * requests or for a duration, with a pause between requests and a warm-up before.
 *
 * @param users    concurrent users
 * @param requests requests in all, or 0 when the arm runs for {@code duration}
 * @param duration how long the arm measures, or null when it counts requests
 */
public record LoadShape(int users, long requests, Duration duration, Pause pause, Warmup warmup) {
    public LoadShape {
        Objects.requireNonNull(pause);
        Objects.requireNonNull(warmup);
        if (users <= 0) {
            throw new IllegalArgumentException("users must be positive");
        }
        if ((requests > 0) == (duration != null)) {
            throw new IllegalArgumentException("an HTTP arm runs either a request count or a duration");
        }
        if (duration != null && (duration.isNegative() || duration.isZero())) {
            throw new IllegalArgumentException("a duration must be positive");
        }
    }

    public static LoadShape forDuration(int users, Duration duration, Warmup warmup) {
        return new LoadShape(users, 0, duration, Pause.NONE, warmup);
    }

    public static LoadShape forRequests(int users, long requests, Warmup warmup) {
        return new LoadShape(users, requests, null, Pause.NONE, warmup);
    }

    public boolean countsRequests() {
        return requests > 0;
    }

    public LoadShape withUsers(int other) {
        return new LoadShape(other, requests, duration, pause, warmup);
    }

    public LoadShape withPause(Pause other) {
        return new LoadShape(users, requests, duration, other, warmup);
    }

    public LoadShape withWarmup(Warmup other) {
        return new LoadShape(users, requests, duration, pause, other);
    }

    /** The planned duration in seconds, or null for an arm that counts requests. */
    public Double durationS() {
        return duration == null ? null : duration.toMillis() / 1000.0;
    }
}
