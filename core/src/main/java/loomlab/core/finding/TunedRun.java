package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/**
 * A run with the JVM tuned and warmed up in the process, labelled as such and never set beside a
 * cold published figure.
 */
public record TunedRun(ArmKey arm, int tasks, double inProcessS, double floorS, double wallS, int warmupRounds)
        implements TaskFinding {
}
