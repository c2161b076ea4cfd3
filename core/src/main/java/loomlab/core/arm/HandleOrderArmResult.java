package loomlab.core.arm;

/**
 * One handleOrder call of seed 003's structured-concurrency slides in one style and one case:
 * when the caller got its answer, what it was, and what happened to the subtasks.
 *
 * @param caseName  the situation, e.g. {@code inventory-fails} ({@code case} in results.json)
 * @param style     {@code scope}, {@code executor} or {@code shared-executor}
 * @param outcome   "success", "failure" or "interrupted"
 * @param leaked    subtasks still running when the caller had its answer
 * @param inventory how the inventory update ended (succeeded, failed, cancelled, not-started)
 * @param order     how the order update ended
 */
public record HandleOrderArmResult(ArmKey key, String caseName, String style, double answerMs,
                                   String outcome, String exception, String cause, boolean siblingCancelled,
                                   int subtasksCancelled, int leaked, String inventory, String order)
        implements PlainArmResult {
}
