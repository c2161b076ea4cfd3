package loomlab.core.finding;

/**
 * Where virtual threads pinned their carriers, and what that cost, per JDK. Worded by the report side's
 * {@code PinningWords}.
 */
public sealed interface PinningFinding extends Finding
        permits Pinned, PinningCollapse, PinnedByJdk, Workaround {
}
