package loomlab.core.assess;

/**
 * What the service's processes (the process the lab started and its descendants) cost; every
 * figure null when it could not be read, never 0 for unknown.
 *
 * @param cpuPerRequestMs  service CPU per answered request in the capacity step
 * @param serviceCores     the service's CPU in that step, in cores
 * @param labCores         the lab's own CPU in that step (its generator, on the same machine), in cores
 * @param peakRssMb        the processes' peak resident memory (VmHWM), added up
 * @param peakThreads      the most OS threads (/proc) seen at once during the arm
 * @param gcPauseMs        garbage-collection pauses over the service's run, start-up included, from JFR
 * @param gcPauses         the collections JFR recorded
 * @param atCommonRate     the same at the lowest capacity of the arms on this JDK, or null when the arm
 *                         measured no step there
 */
public record ServiceCosts(Double cpuPerRequestMs, Double serviceCores, Double labCores, Double peakRssMb,
                           Long peakThreads, Double gcPauseMs, Long gcPauses, RateCosts atCommonRate) {
    public static final ServiceCosts UNKNOWN = new ServiceCosts(null, null, null, null, null, null, null, null);

    /**
     * The machine's CPU spent in the capacity step, the service's and the lab's together, in cores;
     * null unless both were read, since half of it would understate what the machine had left.
     */
    public Double machineCores() {
        return serviceCores == null || labCores == null ? null : serviceCores + labCores;
    }
}
