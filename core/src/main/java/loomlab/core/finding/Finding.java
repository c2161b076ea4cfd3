package loomlab.core.finding;

/**
 * One thing an experiment's figures show, typed so that what a verdict says is decided here, from
 * the figures, and only worded on the report side. A finding that names a cause exists only when
 * a measured figure shows that cause; every finding carries the figures it rests on. Findings come
 * in families, one per kind of claim, each worded by a {@code *Words} class of its own.
 */
public sealed interface Finding permits ComparisonFinding, BoundFinding, RunNote, TaskFinding, PinningFinding,
        BreakageFinding, AssessFinding, ConnectionsFinding, ReactiveFinding, DiagnoseFinding {
}
