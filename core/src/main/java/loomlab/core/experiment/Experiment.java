package loomlab.core.experiment;

import java.util.List;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.finding.Finding;
import loomlab.core.finding.KeyFacts;
import loomlab.core.finding.Ranking;

/**
 * An experiment from a seed document: the arms it runs, what their figures show, and which of those
 * findings it is summed up by. Adding an experiment means adding one implementation and listing it in
 * {@link Experiments}.
 */
public interface Experiment extends Ranking {
    /** The name used on the command line, e.g. {@code service-to-service}. */
    String name();

    /** Which seed document it reproduces and what it asks, in one line. */
    String summary();

    /** The question it answers, in a few words, for the overview of a run. */
    String question();

    /** The arms to run in this profile, in order. */
    List<ArmPlan> plan(Profile profile);

    /**
     * The JDKs (feature versions) its servers run on when the run names none: none of its own, so
     * the lab's JDK, unless the experiment is about JDKs.
     */
    default List<Integer> jdks() {
        return List.of();
    }

    /**
     * What the figures show, as typed findings: who led and by how much, the bounds and their
     * inputs, the limits measured, the seed's figures beside the lab's, and a cause only where a
     * figure shows it. Arms that did not run are in the list too. The report side words them.
     */
    List<Finding> findings(List<ArmResult> arms);

    /**
     * The facts its findings are summed up by, in its headline and its overview row: by default a
     * comparison between arms ({@link KeyFacts#comparison}); an experiment with a point of its own to
     * make ranks that first.
     */
    @Override
    default KeyFacts keyFacts(List<Finding> findings) {
        return Ranking.COMPARISONS.keyFacts(findings);
    }
}
