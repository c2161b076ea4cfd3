package loomlab.core.finding;

import loomlab.core.arm.ArmKey;
import loomlab.core.arm.Published;

/**
 * What the seed itself published for two arms: one figure each, with no spread published, so the lab
 * names no lead from them; {@link #leader()} is only whose published figure was the better.
 */
public record PublishedLead(Measure measure, ArmKey first, Published firstFigure, ArmKey second,
                            Published secondFigure) implements ComparisonFinding {
    /** Whose published figure was the better, by any difference; neither when they are equal. */
    public Leader leader() {
        return Leader.of(firstFigure.value(), secondFigure.value(), measure.higherIsBetter());
    }
}
