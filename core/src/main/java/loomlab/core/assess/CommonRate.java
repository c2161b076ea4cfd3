package loomlab.core.assess;

import java.util.List;
import java.util.Optional;

/**
 * The rate at which arms' costs are set side by side: one that every arm measured and carried, so
 * that CPU per request, memory and tails compare thread models, not loads. The arms of an assessment
 * run in turn, so no arm knows before its search where the others' capacities lie: each later arm
 * measures, after its search, the highest rate every earlier arm passed that it carries too
 * ({@link #forLaterArm}); the comparison then reads the highest rate every arm passed, at or below the
 * lowest capacity ({@link #of}). Where there is none (an arm passed nothing, or the earlier arms
 * passed no rate the later one carries), there is no common rate and the costs are not compared at one.
 */
public final class CommonRate {
    private CommonRate() {
    }

    /**
     * The highest rate every arm passed at or below {@code atMostRps} (within 5 %): a rate at which each
     * arm has a step the generator offered and the last such step passed ({@link RateCosts#at}).
     */
    public static Optional<Double> highestPassedByAll(List<Capacity> arms, double atMostRps) {
        if (arms.isEmpty()) {
            return Optional.empty();
        }
        return arms.getFirst().steps().stream().filter(t -> t.outcome() == Capacity.Outcome.PASSED)
                .map(t -> t.step().rateRps()).filter(rate -> rate <= atMostRps * (1 + RateCosts.NEAR))
                .filter(rate -> arms.stream().allMatch(arm -> {
                    RateCosts there = RateCosts.at(rate, arm);
                    return there != null && there.passed();
                })).max(Double::compare);
    }

    /**
     * The rate a later arm measures once more after its search, so that it and every earlier arm of its
     * run share one: the highest rate every earlier arm passed at or below this arm's capacity; empty when
     * there is none, when this arm has no capacity, or when it already has a step there that the
     * generator offered.
     */
    public static Optional<Double> forLaterArm(List<Capacity> earlier, Capacity own) {
        if (earlier.isEmpty() || own.rps() == null) {
            return Optional.empty();
        }
        return highestPassedByAll(earlier, own.rps()).filter(rate -> RateCosts.at(rate, own) == null);
    }

    /** The share of the lower capacity at which arms measured side by side set their costs side by side. */
    public static final double SHARE = 0.8;

    /**
     * For arms measured side by side, the rate each measures once more after its search: {@link #SHARE} of
     * the lowest capacity, to three significant figures (a rate every arm carries, away from the edge where
     * another draw could fail); empty when an arm has no capacity figure.
     */
    public static Optional<Double> below(List<Capacity> arms) {
        if (arms.isEmpty() || arms.stream().anyMatch(a -> a.rps() == null || !(a.rps() > 0))) {
            return Optional.empty();
        }
        double rate = SHARE * arms.stream().mapToDouble(Capacity::rps).min().orElseThrow();
        double scale = Math.pow(10, Math.floor(Math.log10(rate)) - 2);
        return Optional.of(Math.round(rate / scale) * scale);
    }

    /** The highest rate every arm passed at or below the lowest of their capacities; empty when there is none. */
    public static Optional<Double> of(List<Capacity> arms) {
        if (arms.isEmpty() || arms.stream().anyMatch(a -> a.rps() == null)) {
            return Optional.empty();
        }
        double lowest = arms.stream().mapToDouble(Capacity::rps).min().orElseThrow();
        return highestPassedByAll(arms, lowest);
    }
}
