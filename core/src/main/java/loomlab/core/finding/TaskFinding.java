package loomlab.core.finding;

/**
 * What the task programs showed: fairness, mitigations, threads held, structured concurrency. Worded by
 * the report side's {@code TaskWords}.
 */
public sealed interface TaskFinding extends Finding
        permits FairnessEffect, Mitigations, HelloBesideCpu, TunedRun, ThreadsHeld, PlatformStoppedFirst,
                HandleOrderCase, CloseWaitedForSibling {
}
