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
 * @param atCommonRate     the same at the rate set for every arm in advance (the reactive experiment's), or
 *                         null when none was set or the arm measured no step there; an assessment compares its
 *                         arms at a rate both measured and carried in its {@code AssessCosts} finding instead
 * @param database         what the assessment's own database cost ({@code --postgres}), or null without one:
 *                         charged to it, never to the service or the lab
 * @param otherCores       the machine's other work in the capacity step, in cores ({@link CapacityStep#otherCores}):
 *                         its busy CPU beyond the service's, the lab's and the database's, or null when unread
 * @param stealCores       of it, the hypervisor's steal, or null when unread
 */
public record ServiceCosts(Double cpuPerRequestMs, Double serviceCores, Double labCores, Double peakRssMb,
                           Long peakThreads, Double gcPauseMs, Long gcPauses, RateCosts atCommonRate,
                           DatabaseCosts database, Double otherCores, Double stealCores) {
    public static final ServiceCosts UNKNOWN = new ServiceCosts(null, null, null, null, null, null, null, null);

    /** Costs whose machine-wide CPU was not read. */
    public ServiceCosts(Double cpuPerRequestMs, Double serviceCores, Double labCores, Double peakRssMb,
                        Long peakThreads, Double gcPauseMs, Long gcPauses, RateCosts atCommonRate,
                        DatabaseCosts database) {
        this(cpuPerRequestMs, serviceCores, labCores, peakRssMb, peakThreads, gcPauseMs, gcPauses, atCommonRate,
                database, null, null);
    }

    /** Costs of a service with no database of the lab's beside it. */
    public ServiceCosts(Double cpuPerRequestMs, Double serviceCores, Double labCores, Double peakRssMb,
                        Long peakThreads, Double gcPauseMs, Long gcPauses, RateCosts atCommonRate) {
        this(cpuPerRequestMs, serviceCores, labCores, peakRssMb, peakThreads, gcPauseMs, gcPauses, atCommonRate, null);
    }

    /**
     * The database's side, read over the same window as the service's: CPU per answered request and cores in
     * the capacity step, and its peak memory over the arm (its processes' proportional set sizes added up).
     */
    public record DatabaseCosts(Double cpuPerRequestMs, Double cores, Double peakMemoryMb) {
    }

    /**
     * The machine's CPU spent in the capacity step, the service's, the lab's, the database's (when the lab ran
     * one) and the machine's other work (where read) together, in cores; null unless the service's and the lab's
     * were read, since half of it would understate what the machine had left.
     */
    public Double machineCores() {
        if (serviceCores == null || labCores == null) {
            return null;
        }
        // The database and the machine's other work run on the same cores: not the service's or the lab's to use.
        return serviceCores + labCores + (database == null || database.cores() == null ? 0 : database.cores())
                + (otherCores == null ? 0 : otherCores);
    }
}
