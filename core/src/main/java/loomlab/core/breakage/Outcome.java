package loomlab.core.breakage;

/** How an arm ended, as results.json spells it. A hung arm is a finding, not a failure of the lab. */
public enum Outcome {
    /** It ran its course. */
    COMPLETED("completed"),
    /** The service stopped answering with requests outstanding; dumped, classified and stopped. */
    HUNG("hung"),
    /** The service's process exited while it was measured. */
    DIED("died");

    private final String id;

    Outcome(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    @Override
    public String toString() {
        return id;
    }
}
