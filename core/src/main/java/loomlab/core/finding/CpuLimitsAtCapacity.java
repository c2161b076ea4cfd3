package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/**
 * Virtual threads' and the event loop's capacities set beside what the CPU allows each: at its
 * capacity step an arm's service and the lab's generator used some of the machine's cores, so at
 * that CPU per request every core would carry {@code rate x cores / cores used}. When the ratio of
 * those two limits lies within the capacities' own ratio, and each arm was already spending most of
 * the machine, the capacities stand as the CPU each request cost allows: a measured figure, said as such,
 * not a cause beyond it. Not raised otherwise (the reactive experiment decides).
 *
 * @param virtualUsedCores  service and lab cores at the virtual arm's capacity step
 * @param reactiveUsedCores the same at the reactive arm's
 */
public record CpuLimitsAtCapacity(String workload, ArmKey virtual, double virtualRps, double virtualUsedCores,
                                  ArmKey reactive, double reactiveRps, double reactiveUsedCores, int cores,
                                  double capacityRatioLow, double capacityRatioHigh) implements ReactiveFinding {
    /** Below this share of the cores at its capacity step an arm's CPU limit is too far off to set beside it. */
    public static final double NEAR_CPU_SHARE = 0.6;

    public double virtualLimitRps() {
        return virtualRps * cores / virtualUsedCores;
    }

    public double reactiveLimitRps() {
        return reactiveRps * cores / reactiveUsedCores;
    }

    /** Virtual threads' CPU limit over the event loop's. */
    public double ratio() {
        return virtualLimitRps() / reactiveLimitRps();
    }
}
