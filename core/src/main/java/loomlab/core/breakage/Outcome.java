package loomlab.core.breakage;

import loomlab.threads.Spelled;

/** How an arm ended, as results.json spells it. A hung arm is a finding, not a failure of the lab. */
public enum Outcome implements Spelled {
    /** It ran its course. */
    COMPLETED,
    /** The service stopped answering with requests outstanding; dumped, classified and stopped. */
    HUNG,
    /** The service's process exited while it was measured. */
    DIED;

    @Override
    public String toString() {
        return id();
    }
}
