package loomlab.lab.watch;

import java.time.Duration;
import loomlab.core.experiment.Profile;

/**
 * When the watchdog speaks up. A hang: no answer for {@code hangFloor} (3 s quick, 5 s full), and at
 * least {@code multiple} times the arm's median so far, with requests outstanding. A stall: one
 * request outstanding for {@code stallFloor} (1 s), and at least {@code multiple} times the median,
 * while others are answered. Scaled by the median, a service whose every request takes seconds is
 * slow, not stuck.
 *
 * @param maxDumps     stall dumps per arm at most (one a second while a stall lasts)
 * @param confirmAfter between the two dumps of a hang: what is still so after it is not a passing state
 */
public record WatchLimits(Duration hangFloor, Duration stallFloor, double multiple, int maxDumps,
                          Duration confirmAfter) {
    public static final Duration POLL = Duration.ofMillis(200);
    public static final Duration BETWEEN_STALL_DUMPS = Duration.ofSeconds(1);

    public static WatchLimits of(Profile profile) {
        return new WatchLimits(profile.pick(Duration.ofSeconds(3), Duration.ofSeconds(5)), Duration.ofSeconds(1), 20,
                5, Duration.ofSeconds(2));
    }

    /** How long no answer may take with requests outstanding, given the median so far (null: unknown). */
    public long hangAfterNanos(Double p50Ms) {
        return scaled(hangFloor, p50Ms);
    }

    /** How long one request may wait while others are answered, given the median so far. */
    public long stallAfterNanos(Double p50Ms) {
        return scaled(stallFloor, p50Ms);
    }

    private long scaled(Duration floor, Double p50Ms) {
        long byMedian = p50Ms == null ? 0 : Math.round(p50Ms * multiple * 1e6);
        return Math.max(floor.toNanos(), byMedian);
    }
}
