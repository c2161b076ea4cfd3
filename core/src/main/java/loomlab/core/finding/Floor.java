package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/** The least an arm can take whatever its threads: one sleep, or one per wave of a fixed pool. */
public record Floor(ArmKey arm, double floorS, long waves) implements BoundFinding {
}
