package loomlab.tasks.structured;

import loomlab.tasks.json.Json;

/**
 * What one handleOrder call did, as seen by its caller and by the subtask tracker.
 *
 * @param outcome   "success", "failure" or "interrupted"
 * @param exception simple class name of what the caller caught, or null
 * @param cause     simple class name of that exception's cause, or null
 * @param leaked    subtasks still running at the moment the caller had its answer
 */
public record CaseResult(OrderCase orderCase, String style, double answerMillis, String outcome, String exception,
                         String cause, int subtasksCancelled, int leaked, SubtaskEnd inventoryEnd, SubtaskEnd orderEnd) {

    public boolean siblingCancelled() {
        return subtasksCancelled > 0;
    }

    public Json.ObjectBuilder toJson() {
        return Json.object()
                .put("case", orderCase.id())
                .put("style", style)
                .put("answer_ms", Json.round3(answerMillis))
                .put("outcome", outcome)
                .put("exception", exception)
                .put("cause", cause)
                .put("sibling_cancelled", siblingCancelled())
                .put("subtasks_cancelled", subtasksCancelled)
                .put("leaked", leaked)
                .put("inventory", inventoryEnd.id())
                .put("order", orderEnd.id());
    }
}
