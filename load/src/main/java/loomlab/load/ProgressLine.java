package loomlab.load;

import java.util.Locale;

/** One short line per interval, for a terminal to rewrite in place. */
public final class ProgressLine {

    private ProgressLine() {
    }

    public static String format(IntervalSnapshot interval) {
        return String.format(Locale.ROOT, "%7.1f s  %,12.1f req/s  p99 %9.3f ms  errors %,d",
                interval.elapsedSeconds(), interval.requestsPerSecond(), interval.p99Millis(), interval.errors());
    }
}
