package loomlab.core.finding;

/**
 * Virtual threads against reactive: the lead, the winners matrix, the endpoint code. Worded by the report
 * side's {@code ReactiveWords}.
 */
public sealed interface ReactiveFinding extends Finding
        permits VirtualVersusReactive, CpuLimitsAtCapacity, WinnersMatrix, EndpointCode {
}
