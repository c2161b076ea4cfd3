package loomlab.core.breakage;

/** The kinds of breakage the lab recognises, as results.json spells them. */
public enum BreakageKind {
    CARRIER_DEADLOCK("carrier-deadlock"),
    CARRIERS_MONOPOLISED("carriers-monopolised"),
    CPU_SATURATED("cpu-saturated"),
    MONITOR_SUCCESSOR_WAIT("monitor-successor-wait"),
    MONITOR_CONTENTION("monitor-contention"),
    POOL_EXHAUSTED("pool-exhausted"),
    SLOW_CALL("slow-call"),
    BACKLOG_DROP("backlog-drop"),
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
