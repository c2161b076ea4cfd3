package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/**
 * Which effect a fairness pair shows, judged from how many heavy tasks ran at once on platform
 * threads. When each heavy task was done before the next platform thread existed (at most as many
 * running as there are cores), light tasks never queued on platform threads, and what the virtual
 * arm's delays show is first-in-first-out queueing behind cheap virtual-thread starts. When more
 * heavy tasks ran at once than there are cores, the OS time-sliced them and light tasks still
 * started at once on platform threads: the virtual arm's delays show the scheduler's missing
 * time-slicing.
 *
 * @param heavyTaskMs      the measured duration of one heavy task's work, or null
 * @param peakHeavyRunning on platform threads, the most heavy tasks that ran at the same moment, or null
 */
public record FairnessEffect(ArmKey platform, ArmKey virtual, Double heavyTaskMs, Integer peakHeavyRunning,
                             Double platformStartUs, int cores, Effect effect) implements Finding {
    public enum Effect {
        /** Heavy tasks ran one after another on platform threads: light ones queued only behind virtual starts. */
        QUEUEING_BEHIND_STARTS,
        /** Heavy tasks overlapped on platform threads beyond the cores: the OS time-sliced them. */
        MISSING_TIME_SLICING,
        /** Light tasks did not wait clearly longer on virtual threads: there is no effect to explain. */
        NO_VIRTUAL_PENALTY,
        /** The program did not report how many heavy tasks overlapped. */
        NOT_MEASURED
    }

    /**
     * @param lightDelayLead virtual threads (first) against platform threads (second) by the light
     *                       tasks' summed delay
     */
    public static Effect judge(Integer peakHeavyRunning, int cores, Leader lightDelayLead) {
        if (lightDelayLead != Leader.SECOND) {
            return Effect.NO_VIRTUAL_PENALTY;
        }
        if (peakHeavyRunning == null) {
            return Effect.NOT_MEASURED;
        }
        return peakHeavyRunning <= cores ? Effect.QUEUEING_BEHIND_STARTS : Effect.MISSING_TIME_SLICING;
    }
}
