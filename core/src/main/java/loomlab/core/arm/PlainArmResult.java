package loomlab.core.arm;

/**
 * A kind of arm whose record is all it shows: results.json writes its components as they are, its
 * table flattens them, and its charts draw those whose names end in a unit. The report's switches
 * over the kinds take this family as one case, so a kind of this sort is named here and nowhere
 * else; a kind that needs more of its own is permitted by {@link ArmResult} instead, and the compiler
 * names every switch that must show it.
 */
public sealed interface PlainArmResult extends ArmResult permits FairnessArmResult, TaskThroughputArmResult,
        ThreadLimitArmResult, HandleOrderArmResult, JmhArmResult {
}
