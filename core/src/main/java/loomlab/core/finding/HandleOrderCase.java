package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/** One handleOrder call of the structured-concurrency experiment: when the caller had its answer and what was left. */
public record HandleOrderCase(ArmKey arm, String caseName, String style, double answerMs, String outcome,
                              boolean siblingCancelled, int subtasksCancelled, int leaked) implements TaskFinding {
}
