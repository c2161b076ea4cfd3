package loomlab.core.finding;

import java.util.List;
import java.util.Optional;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.PathFigures;
import loomlab.core.breakage.Stall;

/**
 * One path of the mix whose tail, at a rate both arms measured and carried, was more than
 * {@link #WORSE} times worse on one thread model than on the other, with the stalls the watchdog
 * caught on that path in the worse arm. A percentile is claimed only where both arms' paths hold
 * enough requests for it ({@link Percentile#needs}): at fewer, a "p99.9" is the slowest request, and one
 * retransmit would make a thread-model finding of it. Then the finding gives each slowest request with
 * its count and claims no tail ({@link #claimed}).
 *
 * @param rateRps     the rate both arms were offered when the tails were taken
 * @param percentile  the tail compared: the highest percentile both paths' counts support, or the maximum
 * @param worseMs     the worse arm's figure on the path, from the intended send time
 * @param worseCount  the requests it rests on
 * @param betterMs    the other arm's
 * @param runs        how many runs agreed ({@code --repeat}): the figures are the first run's
 */
public record PathTail(String path, double rateRps, Percentile percentile, ArmKey worse, double worseMs,
                       long worseCount, ArmKey better, double betterMs, long betterCount, List<Stall> stalls,
                       int runs) implements AssessFinding {
    public static final double WORSE = 10;

    public PathTail {
        stalls = List.copyOf(stalls);
    }

    /** The tails a count of requests supports. */
    public enum Percentile {
        /**
         * Ten thousand requests put ten beyond the 99.9th percentile: a tail claim rests on at least ten samples
         * beyond it, so that one retransmit or one collection is not the whole of it.
         */
        P999(10_000),
        /** A thousand put ten beyond the 99th. */
        P99(1_000),
        /** Fewer than a thousand: no percentile, the slowest request. */
        MAX(0);

        private final long needs;

        Percentile(long needs) {
            this.needs = needs;
        }

        /** The requests the percentile needs: at least ten beyond it. */
        public long needs() {
            return needs;
        }

        /** The highest percentile {@code count} requests support. */
        public static Percentile supportedBy(long count) {
            return count >= P999.needs ? P999 : count >= P99.needs ? P99 : MAX;
        }

        Double of(PathFigures figures) {
            return switch (this) {
                case P999 -> figures.p999Ms();
                case P99 -> figures.p99Ms();
                case MAX -> figures.maxMs();
            };
        }
    }

    /** Whether a percentile is claimed: not when the figures are each arm's slowest request. */
    public boolean claimed() {
        return percentile != Percentile.MAX;
    }

    /**
     * One path on two arms at one rate: a finding when one tail is more than {@link #WORSE} times the
     * other's, read at the highest percentile both counts support.
     */
    public static Optional<PathTail> judge(double rateRps, ArmKey first, PathFigures a, List<Stall> firstStalls,
                                           ArmKey second, PathFigures b, List<Stall> secondStalls) {
        Percentile percentile = Percentile.supportedBy(Math.min(a.count(), b.count()));
        Double aMs = percentile.of(a);
        Double bMs = percentile.of(b);
        if (aMs == null || bMs == null || !(aMs > 0) || !(bMs > 0)) {
            return Optional.empty();
        }
        boolean firstWorse = aMs > bMs;
        double ratio = firstWorse ? aMs / bMs : bMs / aMs;
        if (!(ratio > WORSE)) {
            return Optional.empty();
        }
        List<Stall> stalls = (firstWorse ? firstStalls : secondStalls).stream()
                .filter(s -> a.path().equals(s.path())).toList();
        return Optional.of(firstWorse
                ? new PathTail(a.path(), rateRps, percentile, first, aMs, a.count(), second, bMs, b.count(), stalls, 1)
                : new PathTail(a.path(), rateRps, percentile, second, bMs, b.count(), first, aMs, a.count(), stalls,
                1));
    }

    /** The same, found in {@code count} runs. */
    public PathTail inRuns(int count) {
        return new PathTail(path, rateRps, percentile, worse, worseMs, worseCount, better, betterMs, betterCount,
                stalls, count);
    }
}
