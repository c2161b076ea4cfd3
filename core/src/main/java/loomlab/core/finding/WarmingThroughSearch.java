package loomlab.core.finding;

import loomlab.core.arm.ArmKey;
import loomlab.core.assess.Warming;

/**
 * An arm that was still warming through its capacity search ({@link Warming}): the failure at its
 * bracket's upper end cost more CPU per request than a later, lower rate that passed, so its capacity
 * is read as at least the rate that passed, and no comparison rests on that failure.
 *
 * @param capacityRps the rate that passed, the capacity as the search found it
 */
public record WarmingThroughSearch(ArmKey arm, Warming warming, double capacityRps) implements AssessFinding {
}
