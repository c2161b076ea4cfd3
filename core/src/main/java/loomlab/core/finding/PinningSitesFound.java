package loomlab.core.finding;

import loomlab.core.arm.ArmKey;
import loomlab.core.assess.PinningFigures;

/** Where an assessed arm's virtual threads pinned their carriers, or that they did not, or that nothing could be read. */
public record PinningSitesFound(ArmKey arm, PinningFigures pinning) implements Finding {
}
