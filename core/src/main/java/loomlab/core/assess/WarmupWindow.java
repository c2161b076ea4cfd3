package loomlab.core.assess;

/**
 * One window of an arm's warm-up, read at its edges: how many answers the service gave, the CPU its
 * processes used, and the CPU its JIT's compiler threads used, all over the same stretch of time.
 *
 * @param seconds      the window's length
 * @param answered     answers completed in the window (any status)
 * @param serviceCpuS  CPU seconds of the service's processes in the window, or null when unread
 * @param jitCpuS      CPU seconds the service JVM's JIT compiler threads used in the window, or null when
 *                     unread (no {@code /proc}, or a JVM without HotSpot's compiler threads)
 */
public record WarmupWindow(double seconds, long answered, Double serviceCpuS, Double jitCpuS) {
    public WarmupWindow {
        if (!(seconds > 0) || answered < 0) {
            throw new IllegalArgumentException("a window lasts some time and counts no fewer than 0 answers: "
                    + seconds + " s, " + answered);
        }
    }

    public double throughputRps() {
        return answered / seconds;
    }

    /** CPU per answer, or null when the CPU was unread or nothing was answered. */
    public Double cpuPerRequestMs() {
        return serviceCpuS == null || answered == 0 ? null : serviceCpuS * 1000 / answered;
    }

    /** The share of one core the JIT's CPU took in the window, or null when unread. */
    public Double jitCoreShare() {
        return jitCpuS == null ? null : jitCpuS / seconds;
    }
}
