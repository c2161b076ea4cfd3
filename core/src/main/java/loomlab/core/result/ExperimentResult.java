package loomlab.core.result;

import java.util.List;
import java.util.Objects;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.FailedArm;
import loomlab.core.finding.Finding;
import loomlab.core.finding.Ranking;
import loomlab.core.repeat.RepeatRun;
import loomlab.core.verdict.Verdict;

/**
 * One experiment's arms as they ran and what their figures show. Its verdict is drawn from the findings,
 * summed up by the facts its experiment ranks first ({@link #verdict()}), and worded only when a report
 * renders it.
 *
 * @param findings what the core drew from the figures, typed
 * @param ranking  how its experiment ranks those findings for the facts it is summed up by: the
 *                 experiment itself, for one the lab ran
 * @param question the question it answers, in a few words
 * @param elapsedS how long the experiment ran, arms and servers' starts included, or null when not timed
 * @param runs     each run of its arms, in order: its seed and the order its arms ran in ({@code --repeat}
 *                 runs several, reordered); empty when not recorded
 */
public record ExperimentResult(String name, String summary, String question, String profile, List<ArmResult> arms,
                               List<Finding> findings, Ranking ranking, Double elapsedS, List<RepeatRun> runs) {
    public ExperimentResult {
        arms = List.copyOf(arms);
        findings = List.copyOf(findings);
        Objects.requireNonNull(ranking, "ranking");
        runs = runs == null ? List.of() : List.copyOf(runs);
    }

    /** Timed, its runs not recorded. */
    public ExperimentResult(String name, String summary, String question, String profile, List<ArmResult> arms,
                            List<Finding> findings, Ranking ranking, Double elapsedS) {
        this(name, summary, question, profile, arms, findings, ranking, elapsedS, List.of());
    }

    /** Not timed: assembled from arms measured elsewhere, or a fixture. */
    public ExperimentResult(String name, String summary, String question, String profile, List<ArmResult> arms,
                            List<Finding> findings, Ranking ranking) {
        this(name, summary, question, profile, arms, findings, ranking, null);
    }

    /** What the findings say first and in what order: the key fact that heads the verdict, then its paragraphs. */
    public Verdict verdict() {
        return Verdict.of(ranking, findings);
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
