package loomlab.core.breakage;

/** The kinds of breakage the lab recognises in thread dumps, as results.json spells them. */
public enum BreakageKind {
    CARRIER_DEADLOCK("carrier-deadlock"),
    CARRIERS_MONOPOLISED("carriers-monopolised"),
    MONITOR_SUCCESSOR_WAIT("monitor-successor-wait"),
    POOL_EXHAUSTED("pool-exhausted"),
    SLOW_CALL("slow-call"),
    UNKNOWN("unknown");

    private final String id;

    BreakageKind(String id) {
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
