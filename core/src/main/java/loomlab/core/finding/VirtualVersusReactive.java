package loomlab.core.finding;

import loomlab.core.arm.ArmKey;
import loomlab.core.arm.Spread;
import loomlab.core.assess.Capacity;

/**
 * The question of the reactive experiment for one workload: blocking code on virtual threads
 * against the same endpoints written reactively, capacity against capacity at the p99 target, and
 * CPU per request at the rate both carried. The capacities are ranges, so the ratio is one too;
 * either leads only as {@link CapacityLead} decides a lead: beyond the spread of repeated runs.
 *
 * @param ratio     virtual over reactive capacity, or null unless both are bracketed
 * @param ratioLow  the least the ratio can be (0 when unknown below)
 * @param ratioHigh the most it can be, or null when a bracket is open
 * @param leader    {@link Leader#FIRST} virtual threads, {@link Leader#SECOND} the event loop, or neither
 * @param virtualCpuMs  CPU per request on virtual threads at the common rate, or null when unread
 * @param reactiveCpuMs the same on the event loop, or null
 * @param commonRateRps the rate both were offered for the CPU figures, or null
 * @param why           why neither led ({@link CapacityLead.Tie}): the ranges overlap, or they are one run's
 *                      brackets, which measure no spread; null when one led
 * @param runs          how many runs each capacity spans ({@code --repeat}): the ranges are then the spans of
 *                      every run's brackets, and the point ratio the median runs'; 1 for one run
 * @param virtualRuns   the virtual arm's capacity in each run, with their median, least and most; null for one
 *                      run, or when a run passed no rate
 * @param reactiveRuns  the same for the reactive arm
 */
public record VirtualVersusReactive(String workload, ArmKey virtual, Capacity virtualCapacity, ArmKey reactive,
                                    Capacity reactiveCapacity, Double ratio, double ratioLow, Double ratioHigh,
                                    Leader leader, CapacityLead.Tie why, Double virtualCpuMs, Double reactiveCpuMs,
                                    Double commonRateRps, int runs, Spread virtualRuns, Spread reactiveRuns)
        implements ReactiveFinding {

    /**
     * Judged as a capacity lead of the virtual arm over the reactive one, over {@code runs} runs of each;
     * null when either has no capacity.
     */
    public static VirtualVersusReactive of(String workload, ArmKey virtual, Capacity v, ArmKey reactive, Capacity r,
                                           Double virtualCpuMs, Double reactiveCpuMs, Double commonRateRps, int runs,
                                           Spread virtualRuns, Spread reactiveRuns) {
        CapacityLead lead = CapacityLead.of(reactive, r, virtual, v, runs, reactiveRuns, virtualRuns);
        if (lead == null) {
            return null;
        }
        return new VirtualVersusReactive(workload, virtual, v, reactive, r, lead.ratio(), lead.ratioLow(),
                lead.ratioHigh(), lead.leader(), lead.why(), virtualCpuMs, reactiveCpuMs, commonRateRps, runs,
                lead.virtualRuns(), lead.platformRuns());
    }

    /** One run of each: brackets apart or not, no lead is named. */
    public static VirtualVersusReactive of(String workload, ArmKey virtual, Capacity v, ArmKey reactive, Capacity r,
                                           Double virtualCpuMs, Double reactiveCpuMs, Double commonRateRps) {
        return of(workload, virtual, v, reactive, r, virtualCpuMs, reactiveCpuMs, commonRateRps, 1, null, null);
    }

    /** Whose capacity range lay above the other's, lead or not: neither when they overlap. */
    public Leader ahead() {
        return CapacityLead.of(reactive, reactiveCapacity, virtual, virtualCapacity, runs, reactiveRuns, virtualRuns)
                .ahead();
    }

    /** How often ranges of as many runs come apart when the two measure the same; null for one run. */
    public Chance chance() {
        return runs >= 2 ? Chance.of(runs, runs) : null;
    }

    /** Virtual over reactive CPU per request at the common rate, or null without both. */
    public Double cpuRatio() {
        return virtualCpuMs == null || reactiveCpuMs == null || !(reactiveCpuMs > 0) ? null
                : virtualCpuMs / reactiveCpuMs;
    }
}
