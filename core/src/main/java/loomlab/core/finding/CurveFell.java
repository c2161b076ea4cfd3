package loomlab.core.finding;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import loomlab.core.arm.ArmKey;
import loomlab.core.assess.CurvePoint;

/**
 * An arm's closed-model curve served fewer requests a second with more users: its last point carried less
 * than {@link #SHARE} of the best point before it, both without errors. More requests in flight at once
 * were served fewer times a second. Each point of a curve is measured once, so a fall is one reading, not
 * a spread: where an arm ran more than once, each run's curve is read on its own ({@code run}), and a fall
 * in some runs only is the spread.
 *
 * @param arm       the arm whose curve fell
 * @param run       which of the arm's runs, from 1
 * @param bestUsers the users of the curve's best point before its last
 * @param bestRps   that point's throughput
 * @param lastUsers the curve's last point's users
 * @param lastRps   its throughput
 */
public record CurveFell(ArmKey arm, int run, int bestUsers, double bestRps, int lastUsers, double lastRps)
        implements AssessFinding {
    /**
     * The last point below this share of the best fell: by more than a fifth, so that a pool whose queue
     * grows with its users, serving about as many as before, is not said to fall.
     */
    public static final double SHARE = 0.8;

    /** The share of the best throughput the last point lost, 0 to 1. */
    public double fall() {
        return 1 - lastRps / bestRps;
    }

    /** The finding where the curve's last point, with no errors, fell below {@link #SHARE} of the best before it. */
    public static Optional<CurveFell> of(ArmKey arm, int run, List<CurvePoint> curve) {
        List<CurvePoint> clean = curve.stream().filter(p -> p.errors() == 0 && p.throughputRps() > 0).toList();
        if (clean.size() < 2) {
            return Optional.empty();
        }
        CurvePoint last = clean.getLast();
        CurvePoint best = clean.subList(0, clean.size() - 1).stream()
                .max(Comparator.comparingDouble(CurvePoint::throughputRps)).orElseThrow();
        return last.users() > best.users() && last.throughputRps() < SHARE * best.throughputRps()
                ? Optional.of(new CurveFell(arm, run, best.users(), best.throughputRps(), last.users(), last.throughputRps()))
                : Optional.empty();
    }
}
