package loomlab.core.assess;

/**
 * One step of a capacity search as measured: arrivals offered at a fixed rate (the open model)
 * after a warm-up, and what came back.
 *
 * @param rateRps      the arrival rate offered
 * @param p99Ms        p99 latency from each request's intended send time, or null when nothing was answered
 * @param p50RiseMs    how much the median rose from the step's first whole second to its last, or null with
 *                     fewer than two: past the capacity the queue, and so the latency, grows all step long
 * @param errors       failed requests: connection errors, timeouts, statuses of 400 and above
 * @param requests     requests answered in the measured window
 * @param elapsedS     the measured window, to the last answer (shorter when the step was stopped)
 * @param stoppedEarly why the step was ended before its time, or null when it ran its course
 * @param offered      false when the lab's generator could not offer the rate (its own CPU saturated):
 *                     the step then describes the generator, not the service
 * @param usage        CPU the service and the lab spent in the measured window, or null when unread
 */
public record CapacityStep(double rateRps, Double p99Ms, Double p50RiseMs, long errors, long requests, double elapsedS,
                           String stoppedEarly, boolean offered, StepUsage usage) {
    public CapacityStep {
        if (!(rateRps > 0)) {
            throw new IllegalArgumentException("a step offers a positive rate, got " + rateRps);
        }
    }

    /** A step whose figures alone decide it: nothing stopped it, the generator kept up, no usage read. */
    public static CapacityStep of(double rateRps, Double p99Ms, long errors, long requests, double elapsedS) {
        return new CapacityStep(rateRps, p99Ms, null, errors, requests, elapsedS, null, true, null);
    }

    /** Answers per second in the measured window. */
    public double throughputRps() {
        return elapsedS > 0 ? requests / elapsedS : 0;
    }

    /**
     * @param serviceCpuS CPU seconds of the service's processes (the process and its descendants)
     * @param labCpuS     CPU seconds of the lab's own process, the generator's loop included
     */
    public record StepUsage(Double serviceCpuS, Double labCpuS) {
    }
}
