package loomlab.tasks.fairness;

/** How a heavy task does its CPU-bound work: the seed's way, or one of the mitigations. */
public enum HeavyStyle {
    /** The work runs on the task's own thread without pause (the seed). */
    DIRECT,
    /** The task's thread hands the work to a bounded platform pool and waits for it. */
    OFFLOAD,
    /** The work calls {@link Thread#yield()} every k iterations so others get the carrier. */
    YIELDING
}
