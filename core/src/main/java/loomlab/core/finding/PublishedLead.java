package loomlab.core.finding;

import loomlab.core.arm.ArmKey;
import loomlab.core.arm.Published;

/** What the seed itself measured for two arms, compared as {@link Lead} compares the lab's. */
public record PublishedLead(Measure measure, ArmKey first, Published firstFigure, ArmKey second,
                            Published secondFigure) implements ComparisonFinding {
    public Leader leader() {
        return Leader.of(firstFigure.value(), secondFigure.value(), measure.higherIsBetter());
    }
}
