package loomlab.core.repeat;

import java.util.List;

/**
 * One run of an experiment's arms: which run it was, the seed its capacity searches drew their
 * Poisson arrivals from ({@link loomlab.core.assess.StepSeeds}), and the order its arms ran in.
 *
 * @param run          1-based
 * @param arrivalsSeed the run's seed, or null when no arm of the run searched a capacity
 * @param order        the arms' names (as results.json names each arm) in the order they ran; an arm that
 *                     runs once (not repeatable, or failed) is in the first run's order only
 */
public record RepeatRun(int run, Long arrivalsSeed, List<String> order) {
    public RepeatRun {
        order = List.copyOf(order);
    }
}
