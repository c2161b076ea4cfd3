package loomlab.core.assess;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import loomlab.core.finding.Chance;
import loomlab.core.finding.Leader;

/**
 * One arm's windows at the rate that decides between two capacities: after both searches, with both
 * services warm and running, the rate one arm failed and the other carried is offered to each arm in
 * turn, window after window, so that the machine's drift falls on both. A search's brackets are one
 * draw each; the windows are several, so they can be ranked: if every window of one arm has a lower p99
 * than every window of the other, two equal arms would show that only {@link Chance#ifEqual()} of the
 * time.
 *
 * @param rateRps the rate every window offered, the same for both arms
 * @param windows each window as measured and judged against the target, in the order it ran
 */
public record DecidingWindows(double rateRps, List<Capacity.TriedStep> windows) {
    public DecidingWindows {
        windows = List.copyOf(windows);
        if (!(rateRps > 0) || windows.isEmpty()) {
            throw new IllegalArgumentException("deciding windows offer a positive rate at least once, got "
                    + rateRps + " and " + windows.size() + " windows");
        }
    }

    /**
     * The two arms the windows decide between, of those still measuring: the platform arm and the virtual
     * arm as the service was given (neither on other carriers nor on the extracted jar), the comparison the
     * assessment answers; empty when there is not exactly one of each. The other arms (carriers,
     * extracted) are compared with their sibling by their searches alone.
     */
    public static <T> List<T> pair(List<T> arms, Function<T, AssessArmPlan> plan) {
        List<T> plain = arms.stream().filter(a -> plan.apply(a).carriers() == null
                && !ExtractedJar.runs(plan.apply(a).key())).toList();
        List<T> platform = plain.stream().filter(a -> plan.apply(a).key().mode().onPlatformThreads()).toList();
        List<T> virtual = plain.stream().filter(a -> plan.apply(a).key().mode().onVirtualThreads()).toList();
        return platform.size() == 1 && virtual.size() == 1 ? List.of(platform.getFirst(), virtual.getFirst())
                : List.of();
    }

    /**
     * The rate that decides between two capacities: where one arm's range lies wholly above the other's
     * (ranges of the form [passed, failed)), the rate the lower arm failed, which the higher arm passed or
     * carried beyond; empty where the ranges overlap or either was not measured, since no rate then
     * separates them.
     */
    public static Optional<Double> rate(Capacity first, Capacity second) {
        if (first.kind() == Capacity.Kind.NOT_MEASURED || second.kind() == Capacity.Kind.NOT_MEASURED) {
            return Optional.empty();
        }
        if (first.high() != null && second.low() >= first.high() && second.low() > 0) {
            return Optional.of(first.high());
        }
        if (second.high() != null && first.low() >= second.high() && first.low() > 0) {
            return Optional.of(second.high());
        }
        return Optional.empty();
    }

    /**
     * Each window's p99 in ms, in order; a window that is no figure of the rate (errors, stopped early, no
     * p99) ranks as the worst there is, since it did not carry the rate.
     */
    public List<Double> p99s() {
        return windows.stream().map(w -> p99(w.step())).toList();
    }

    private static double p99(CapacityStep window) {
        return window.p99Ms() == null || window.errors() > 0 || window.stoppedEarly() != null
                ? Double.POSITIVE_INFINITY : window.p99Ms();
    }

    /**
     * What the windows of two arms say, pooled over runs that each measured them: {@code first} ahead when
     * every window of the first had a lower p99 than every window of the second in every run, and so on;
     * neither when in any run the ranges of the windows met or crossed. The chance is the weakest run's
     * (fewest windows): each run's ranges stand apart on their own.
     *
     * @param rateRps the first run's deciding rate
     */
    public record Verdict(Leader ahead, Chance chance, double rateRps) {
        /** A lead from the windows: ahead, and by ranges that equal arms would show at most 1 time in 20. */
        public boolean decides() {
            return ahead != Leader.NEITHER && chance.enough();
        }
    }

    /**
     * The windows' verdict over paired runs (the first arm's first run with the second's first run, and so
     * on); empty when some run lacks windows on either side or at different rates, so they do not pair.
     */
    public static Optional<Verdict> judge(List<DecidingWindows> first, List<DecidingWindows> second) {
        if (first.isEmpty() || first.size() != second.size()) {
            return Optional.empty();
        }
        Leader together = null;
        Chance weakest = null;
        for (int i = 0; i < first.size(); i++) {
            DecidingWindows a = first.get(i);
            DecidingWindows b = second.get(i);
            if (a == null || b == null || a.rateRps() != b.rateRps()) {
                return Optional.empty();
            }
            Leader run = apart(a.p99s(), b.p99s());
            together = together == null || together == run ? run : Leader.NEITHER;
            Chance chance = Chance.of(a.windows().size(), b.windows().size());
            weakest = weakest == null || chance.ifEqual() > weakest.ifEqual() ? chance : weakest;
        }
        return Optional.of(new Verdict(together, weakest, first.getFirst().rateRps()));
    }

    /** {@link Leader#FIRST} when every first p99 lies below every second one, and so on; neither otherwise. */
    static Leader apart(List<Double> first, List<Double> second) {
        double firstMax = first.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        double firstMin = first.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double secondMax = second.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        double secondMin = second.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        if (firstMax < secondMin) {
            return Leader.FIRST;
        }
        if (secondMax < firstMin) {
            return Leader.SECOND;
        }
        return Leader.NEITHER;
    }
}
