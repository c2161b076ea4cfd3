package loomlab.core.finding;

/**
 * A note on the run rather than a comparison: the seed's own figures and setting, flags, arms that did
 * not run, a sweep's peak. Worded by the report side's {@code NoteWords}.
 */
public sealed interface RunNote extends Finding
        permits AgainstPublished, PacingDifference, OtherMachine, DatabaseLost, Flagged, NotMeasured,
                Incomplete, SweepPeak {
}
