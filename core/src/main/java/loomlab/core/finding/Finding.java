package loomlab.core.finding;

/**
 * One thing an experiment's figures show, typed so that what a verdict says is decided here, from
 * the figures, and only worded on the report side. A finding that names a cause exists only when
 * a measured figure shows that cause; every finding carries the figures it rests on.
 */
public sealed interface Finding permits Lead, PublishedLead, AgainstBound, AgainstPublished, PublishedOverBound,
        WaitsOverlapped, SameConcurrency, WavesExplainGap, ThreadModelMoot, ToolGap, JdbcLimit, PacingDifference,
        OtherMachine, DatabaseLost, FairnessEffect, Mitigations, HelloBesideCpu, Floor, TunedRun, Incomplete,
        ThreadsHeld, PlatformStoppedFirst, HandleOrderCase, CloseWaitedForSibling, Pinned, Flagged, NotMeasured,
        SweepPeak, PinningCollapse, ArmHung, ArmStalled, HungOnSomeJdks, PinnedByJdk, Workaround, CapacityLead, PoolCeiling, Bottleneck, LeadAtCores, AssessCosts,
        PinningSitesFound, PinsOnSomeJdks, ArmsNotSwitched, PathTail, CarriersEffect,
        ConnectionsHeld, WinnersMatrix, VirtualVersusReactive, EndpointCode {
}
