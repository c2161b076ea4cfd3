package loomlab.load.hold;

import java.util.Locale;

/**
 * The progress line printed every 250 ms and once when the ramp ends. A parent process samples the
 * server's memory against these lines, so they are plain {@code key=value} words, easy to parse.
 */
final class HoldProgress {

    private HoldProgress() {
    }

    static String line(long elapsedNanos, int opened, int attempted, long errors, String phase) {
        return String.format(Locale.ROOT, "progress elapsed_ms=%d opened=%d attempted=%d errors=%d phase=%s",
                elapsedNanos / 1_000_000, opened, attempted, errors, phase);
    }
}
