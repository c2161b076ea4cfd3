package loomlab.core.finding;

/**
 * What an assessment of the user's own service showed: capacity, costs, limits, pinning sites. Worded by
 * the report side's {@code AssessWords}.
 */
public sealed interface AssessFinding extends Finding
        permits CapacityLead, PoolCeiling, Bottleneck, LeadAtCores, AssessCosts, PinningSitesFound,
                PinsOnSomeJdks, ArmsNotSwitched, PathTail, CarriersEffect, ExtractionEffect, WarmingThroughSearch,
                NotSteady, CurveFell, JvmSpread {
}
