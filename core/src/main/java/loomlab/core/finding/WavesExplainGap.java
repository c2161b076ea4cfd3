package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/**
 * A pool that passed a fixed number of requests in more waves than virtual threads needed, and a
 * measured gap that matches the waves.
 *
 * @param wavesRatio    the pool's waves over the virtual arm's (from the bounds' inputs)
 * @param measuredRatio the pool's elapsed time over the virtual arm's
 */
public record WavesExplainGap(ArmKey pool, long poolWaves, ArmKey virtual, long virtualWaves, double wavesRatio,
                              double measuredRatio) implements BoundFinding {
}
