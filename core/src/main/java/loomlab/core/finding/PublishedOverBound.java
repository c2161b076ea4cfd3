package loomlab.core.finding;

import loomlab.core.arm.ArmKey;
import loomlab.core.arm.Published;

/**
 * How far a seed's published time sat above the bound of the seed's own setting, in that setting's
 * service times: the seed's 21.2 s for 18 s of waves at 3 s each is about one service time over.
 *
 * @param seedBoundS   the bound with the seed's own inputs
 * @param seedServiceS the seed's service time
 */
public record PublishedOverBound(ArmKey arm, Published published, double seedBoundS, double seedServiceS)
        implements BoundFinding {
    public double serviceTimesOver() {
        return (published.value() - seedBoundS) / seedServiceS;
    }
}
