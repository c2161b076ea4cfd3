package loomlab.core.arm;

import loomlab.threads.Spelled;

/**
 * How load was offered, which decides what an arm's latency counts from.
 */
public enum LoadModel implements Spelled {
    /**
     * Users that each send their next request after the previous answer (and their pause): latency
     * counts from the actual send, which is what such a user sees; a stalled server also slows the
     * arrivals down, so this is not corrected for coordinated omission.
     */
    CLOSED("the actual send"),
    /**
     * Arrivals at a fixed rate whatever the answers: latency counts from each request's intended send
     * time, corrected for coordinated omission as wrk2 does.
     */
    OPEN("the intended send time (coordinated-omission corrected)");

    private final String latencyFrom;

    LoadModel(String latencyFrom) {
        this.latencyFrom = latencyFrom;
    }

    /** What the arm's latency is measured from, as a phrase: "the actual send". */
    public String latencyFrom() {
        return latencyFrom;
    }
}
