package loomlab.core.finding;

import loomlab.core.arm.ArmKey;
import loomlab.core.arm.Published;

/** An arm's figure beside the figure the seed published for the same arm (ours, and theirs). */
public record AgainstPublished(ArmKey arm, Measure measure, double measured, Published published)
        implements RunNote {
}
