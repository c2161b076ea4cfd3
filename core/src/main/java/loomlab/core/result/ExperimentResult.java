package loomlab.core.result;

import java.util.List;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.FailedArm;
import loomlab.core.finding.Finding;
import loomlab.core.repeat.RepeatRun;

/**
 * One experiment's arms as they ran, what their figures show, and the verdict worded from it.
 *
 * @param findings what the core drew from the figures, typed
 * @param verdict  the findings in sentences, written by the report side
 * @param question the question it answers, in a few words
 * @param headline the one sentence (for an assessment, one per JDK) that opens the verdict, from the same findings
 * @param elapsedS how long the experiment ran, arms and servers' starts included, or null when not timed
 * @param runs     each run of its arms, in order: its seed and the order its arms ran in ({@code --repeat}
 *                 runs several, reordered); empty when not recorded
 */
public record ExperimentResult(String name, String summary, String question, String profile, List<ArmResult> arms,
                               List<Finding> findings, String verdict, String headline, Double elapsedS,
                               List<RepeatRun> runs) {
    public ExperimentResult {
        arms = List.copyOf(arms);
        findings = List.copyOf(findings);
        runs = runs == null ? List.of() : List.copyOf(runs);
    }

    /** Timed, its runs not recorded. */
    public ExperimentResult(String name, String summary, String question, String profile, List<ArmResult> arms,
                            List<Finding> findings, String verdict, String headline, Double elapsedS) {
        this(name, summary, question, profile, arms, findings, verdict, headline, elapsedS, List.of());
    }

    /** Not timed: assembled from arms measured elsewhere, or a fixture. */
    public ExperimentResult(String name, String summary, String question, String profile, List<ArmResult> arms,
                            List<Finding> findings, String verdict, String headline) {
        this(name, summary, question, profile, arms, findings, verdict, headline, null);
    }

    public boolean complete() {
        return arms.stream().allMatch(ArmResult::ran);
    }

    /**
     * True when an arm broke (a server died, a program failed). Arms skipped for a missing tool or
     * database are not failures: the run said why and how to enable them, and went on.
     */
    public boolean anyFailed() {
        return arms.stream().anyMatch(a -> a instanceof FailedArm f && !f.wasSkipped());
    }
}
