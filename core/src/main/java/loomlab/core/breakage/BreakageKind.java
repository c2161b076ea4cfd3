package loomlab.core.breakage;

import loomlab.threads.Spelled;

/** The kinds of breakage the lab recognises, as results.json spells them. */
public enum BreakageKind implements Spelled {
    CARRIER_DEADLOCK,
    CARRIERS_MONOPOLISED,
    CPU_SATURATED,
    MONITOR_SUCCESSOR_WAIT,
    MONITOR_CONTENTION,
    POOL_EXHAUSTED,
    SLOW_CALL,
    BACKLOG_DROP,
    UNKNOWN;

    @Override
    public String toString() {
        return id();
    }
}
