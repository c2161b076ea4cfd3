package loomlab.core.finding;

import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.assess.CommonRate;
import loomlab.core.assess.OfferedLoad;
import loomlab.core.assess.RateCosts;
import loomlab.core.assess.ServiceCosts;

/**
 * What each thread model cost the assessed service on one JDK: memory, threads, CPU per request, GC
 * pauses. Peaks are over each arm, whose search drove it to its own highest rate, which is given.
 *
 * @param platformTopRps      the highest rate offered to the platform arm, 0 when none was
 * @param virtualTopRps       the same for the virtual arm
 * @param platformCapacityRps the rate at which the platform arm's CPU per request was taken (its
 *                            capacity), or null
 * @param virtualCapacityRps  the same for the virtual arm
 * @param atCommonRate        per run, the costs of both arms at a rate both measured and carried
 *                            ({@link CommonRate}), or the run's want of one
 */
public record AssessCosts(ArmKey platform, ServiceCosts platformCosts, double platformTopRps, ArmKey virtual,
                          ServiceCosts virtualCosts, double virtualTopRps, Double platformCapacityRps,
                          Double virtualCapacityRps, List<AtCommonRate> atCommonRate) implements AssessFinding {
    public AssessCosts {
        atCommonRate = List.copyOf(atCommonRate);
    }

    /** Without a comparison at a common rate. */
    public AssessCosts(ArmKey platform, ServiceCosts platformCosts, double platformTopRps, ArmKey virtual,
                       ServiceCosts virtualCosts, double virtualTopRps, Double platformCapacityRps,
                       Double virtualCapacityRps) {
        this(platform, platformCosts, platformTopRps, virtual, virtualCosts, virtualTopRps, platformCapacityRps,
                virtualCapacityRps, List.of());
    }

    /**
     * One run's costs at the rate both arms measured and carried.
     *
     * @param run      1-based, the runs of both arms paired in the order they ran
     * @param rateRps  the rate, or null when the run had none: then both costs are null
     * @param platform the platform arm's costs there (its first step near the rate), or null
     * @param virtual  the virtual arm's
     */
    public record AtCommonRate(int run, Double rateRps, RateCosts platform, RateCosts virtual) {
    }

    /** Whether any run had a rate both arms measured and carried. */
    public boolean anyCommonRate() {
        return atCommonRate.stream().anyMatch(a -> a.rateRps() != null);
    }

    /** CPU per request taken at rates further apart than this compares loads as much as thread models. */
    public static final double RATES_APART = 2;

    /**
     * The arm with the higher peak memory was also offered clearly more: the load, not the thread model,
     * may be the difference, so it is charged to neither.
     */
    public boolean peakRssUnderHeavierLoad() {
        Double platformMb = platformCosts.peakRssMb();
        Double virtualMb = virtualCosts.peakRssMb();
        if (platformMb == null || virtualMb == null || platformMb.equals(virtualMb)) {
            return false;
        }
        return virtualMb > platformMb ? OfferedLoad.clearlyAbove(virtualTopRps, platformTopRps)
                : OfferedLoad.clearlyAbove(platformTopRps, virtualTopRps);
    }

    /** True when both CPU figures were taken at rates more than {@link #RATES_APART} times apart. */
    public boolean cpuAtDifferentRates() {
        if (platformCapacityRps == null || virtualCapacityRps == null || !(platformCapacityRps > 0)
                || !(virtualCapacityRps > 0)) {
            return false;
        }
        double ratio = Math.max(platformCapacityRps, virtualCapacityRps) / Math.min(platformCapacityRps,
                virtualCapacityRps);
        return ratio > RATES_APART;
    }
}
