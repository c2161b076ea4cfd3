package loomlab.core.assess;

import java.util.List;
import loomlab.core.arm.AssessArmResult;

/**
 * An assessed arm that ran several times ({@code --repeat K}): every run, in the order made. The
 * arm's own figures are its median run's (by capacity); a finding that compares arms reads the span
 * of all runs, so that two runs which disagree cannot name a winner that one run alone would.
 *
 * @param runs every run, the median among them, each without runs of its own
 */
public record AssessRepeats(List<AssessArmResult> runs) {
    public AssessRepeats {
        runs = List.copyOf(runs);
        if (runs.size() < 2) {
            throw new IllegalArgumentException("repeats are two runs or more, not " + runs.size());
        }
        if (runs.stream().anyMatch(r -> r.repeats() != null)) {
            throw new IllegalArgumentException("a run has no runs of its own");
        }
    }

    /** The capacity every run allows, with the median run's figure ({@link Capacity#span}). */
    public Capacity capacity(AssessArmResult median) {
        return Capacity.span(runs.stream().map(AssessArmResult::capacity).toList(), median.capacity());
    }

    public int count() {
        return runs.size();
    }
}
