package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/** Neither arm led, and the pool held as many threads as there were users: nothing for the model to change. */
public record ThreadModelMoot(ArmKey pool, int poolSize, ArmKey virtual, int users) implements BoundFinding {
}
