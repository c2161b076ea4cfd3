package loomlab.tasks.structured;

/** The injected failure of a simulated update ("inventory" or "order"). */
public final class SimulatedFailure extends RuntimeException {
    public SimulatedFailure(String subtask) {
        super(subtask + " update failed (injected)");
    }
}
