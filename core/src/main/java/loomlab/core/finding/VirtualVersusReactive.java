package loomlab.core.finding;

import loomlab.core.arm.ArmKey;
import loomlab.core.assess.Capacity;

/**
 * The question of the reactive experiment for one workload: blocking code on virtual threads
 * against the same endpoints written reactively, capacity against capacity at the p99 target, and
 * CPU per request at the rate both carried. The capacities are brackets, so the ratio is a range;
 * either leads only as {@link CapacityLead} decides a lead between two brackets.
 *
 * @param ratio     virtual over reactive capacity, or null unless both are bracketed
 * @param ratioLow  the least the ratio can be (0 when unknown below)
 * @param ratioHigh the most it can be, or null when a bracket is open
 * @param leader    {@link Leader#FIRST} virtual threads, {@link Leader#SECOND} the event loop, or neither
 * @param virtualCpuMs  CPU per request on virtual threads at the common rate, or null when unread
 * @param reactiveCpuMs the same on the event loop, or null
 * @param commonRateRps the rate both were offered for the CPU figures, or null
 * @param runs          how many runs each capacity spans ({@code --repeat}): the brackets are then those of
 *                      every run, and the point ratio the median runs'; 1 for one run
 */
public record VirtualVersusReactive(String workload, ArmKey virtual, Capacity virtualCapacity, ArmKey reactive,
                                    Capacity reactiveCapacity, Double ratio, double ratioLow, Double ratioHigh,
                                    Leader leader, Double virtualCpuMs, Double reactiveCpuMs, Double commonRateRps,
                                    int runs)
        implements ReactiveFinding {

    /** Judged as a capacity lead of the virtual arm over the reactive one; null when either has no capacity. */
    public static VirtualVersusReactive of(String workload, ArmKey virtual, Capacity v, ArmKey reactive, Capacity r,
                                           Double virtualCpuMs, Double reactiveCpuMs, Double commonRateRps) {
        CapacityLead lead = CapacityLead.of(reactive, r, virtual, v);
        if (lead == null) {
            return null;
        }
        return new VirtualVersusReactive(workload, virtual, v, reactive, r, lead.ratio(), lead.ratioLow(),
                lead.ratioHigh(), lead.leader(), virtualCpuMs, reactiveCpuMs, commonRateRps, 1);
    }

    /** The same, read over {@code count} runs of each arm. */
    public VirtualVersusReactive withRuns(int count) {
        return new VirtualVersusReactive(workload, virtual, virtualCapacity, reactive, reactiveCapacity, ratio, ratioLow,
                ratioHigh, leader, virtualCpuMs, reactiveCpuMs, commonRateRps, count);
    }

    /** Virtual over reactive CPU per request at the common rate, or null without both. */
    public Double cpuRatio() {
        return virtualCpuMs == null || reactiveCpuMs == null || !(reactiveCpuMs > 0) ? null
                : virtualCpuMs / reactiveCpuMs;
    }
}
