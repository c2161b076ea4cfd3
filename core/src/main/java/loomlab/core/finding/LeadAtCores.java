package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/**
 * The arm that carried more reached its capacity where the machine's cores ran out: at that rate
 * the service and the lab's generator together used nearly all of them. Its capacity is then this
 * machine's with the load generated on it, so the lead may be larger where the load comes from
 * another machine.
 *
 * @param capacityRps the leading arm's capacity
 * @param cpu         the service's and the lab's CPU at that rate
 * @param cores       the machine's cores
 */
public record LeadAtCores(ArmKey arm, double capacityRps, Bottleneck.CpuAtCapacity cpu, int cores)
        implements AssessFinding {
}
