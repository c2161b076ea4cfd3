package loomlab.core.finding;

/**
 * What an arm measured against what its bound allows, and what explains the distance. Worded by the
 * report side's {@code BoundWords}.
 */
public sealed interface BoundFinding extends Finding
        permits AgainstBound, PublishedOverBound, WaitsOverlapped, SameConcurrency, WavesExplainGap,
                ThreadModelMoot, ToolGap, JdbcLimit, Floor {
}
