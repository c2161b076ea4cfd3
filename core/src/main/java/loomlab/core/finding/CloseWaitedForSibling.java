package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/**
 * An executor closed by try-with-resources kept its caller waiting for a sibling it did not cancel:
 * it answered well after the scope and the sibling was not cancelled.
 */
public record CloseWaitedForSibling(ArmKey executor, double executorAnswerMs, ArmKey scope, double scopeAnswerMs)
        implements TaskFinding {
}
