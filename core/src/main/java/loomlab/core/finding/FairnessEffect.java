package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/**
 * Which effect a fairness pair shows, judged from two measured figures: how long one heavy task's
 * work took, and how long starting a platform thread took. When a heavy task is shorter than a
 * thread start, on platform threads each is mostly done before the next thread is running, so light
 * tasks never queue there, and what the virtual arm's wait shows is first-in-first-out queueing
 * behind cheap virtual-thread starts. When heavy tasks are longer and more of them ran at once than
 * there are cores, the OS time-sliced them and light tasks still started promptly on platform
 * threads: the virtual arm's wait shows the scheduler's missing time-slicing.
 *
 * @param heavyTaskMs      the measured duration of one heavy task's work, or null
 * @param peakHeavyRunning on platform threads, the most heavy tasks that ran at the same moment, or null
 */
public record FairnessEffect(ArmKey platform, ArmKey virtual, Double heavyTaskMs, Integer peakHeavyRunning,
                             Double platformStartUs, int cores, Effect effect) implements TaskFinding {
    public enum Effect {
        /** Heavy tasks ran one after another on platform threads: light ones queued only behind virtual starts. */
        QUEUEING_BEHIND_STARTS,
        /** Heavy tasks overlapped on platform threads beyond the cores: the OS time-sliced them. */
        MISSING_TIME_SLICING,
        /** Light tasks did not wait longer on virtual threads: there is no effect to explain. */
        NO_VIRTUAL_PENALTY,
        /**
         * Heavy tasks outlasted a thread start, but no more ran at once on platform threads than there are
         * cores: the OS had nothing to time-slice, so its time-slicing explains nothing here.
         */
        WITHIN_CORES,
        /** Heavy tasks shorter than a thread start yet more at once than cores: the figures decide neither effect. */
        UNDECIDED,
        /** The program did not report the heavy task's duration, the thread start's, or the peak running at once. */
        NOT_MEASURED
    }

    /**
     * @param lightDelayLead whose light tasks' summed delay was the shorter, lead or not ({@link Lead#ahead()}):
     *                       virtual threads (first) or platform threads (second); the effects are shown by
     *                       their own measured figures
     */
    public static Effect judge(Double heavyTaskMs, Double platformStartUs, Integer peakHeavyRunning, int cores,
                               Leader lightDelayLead) {
        if (lightDelayLead != Leader.SECOND) {
            return Effect.NO_VIRTUAL_PENALTY;
        }
        if (heavyTaskMs == null || platformStartUs == null || peakHeavyRunning == null) {
            return Effect.NOT_MEASURED;
        }
        boolean shorterThanAStart = heavyTaskMs * 1000 < platformStartUs;
        boolean overlapped = peakHeavyRunning > cores;
        if (shorterThanAStart) {
            return overlapped ? Effect.UNDECIDED : Effect.QUEUEING_BEHIND_STARTS;
        }
        return overlapped ? Effect.MISSING_TIME_SLICING : Effect.WITHIN_CORES;
    }
}
