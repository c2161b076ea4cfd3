package loomlab.core.assess;

import loomlab.core.finding.Bottleneck;
import loomlab.threads.Spelled;

/**
 * Whose limit an arm's capacity is, by what its steps measured: the service's (a rate failed with the
 * machine's cores to spare), the machine's (at the capacity the service, the lab and its database
 * used nearly all the cores), the lab generator's (it could send no more), or the search's own bound
 * (its top rate or its steps, with every rate passing). A capacity on one machine is that machine's
 * figure; this says which of the three stopped it, so that a reader knows what a bigger machine or
 * load from another one would change.
 */
public enum WhoseLimit implements Spelled {
    SERVICE("the service's"),
    MACHINE("the machine's"),
    GENERATOR("the lab's generator's"),
    SEARCH("the search's own bound"),
    /** A rate above failed while the service was still warming ({@link Capacity.Limit#WARMING}). */
    WARM_UP("the warm-up's");

    private final String words;

    WhoseLimit(String words) {
        this.words = words;
    }

    /** e.g. "the machine's", before "limit". */
    public String words() {
        return words;
    }

    /**
     * The limit {@code capacity} hit, with the machine's CPU in its step ({@link ServiceCosts#machineCores},
     * null when unread) on {@code cores} cores; null for a capacity not measured. A bracketed capacity
     * whose CPU was not read is the service's: nothing measured says otherwise.
     */
    public static WhoseLimit of(Capacity capacity, ServiceCosts costs, int cores) {
        return switch (capacity.kind()) {
            case NOT_MEASURED -> null;
            case BELOW_LOWEST -> SERVICE;
            case AT_LEAST -> capacity.limit() == null ? SEARCH : switch (capacity.limit()) {
                case GENERATOR -> GENERATOR;
                case WARMING -> WARM_UP;
                case CAP, STEPS -> SEARCH;
            };
            case BRACKETED -> {
                Double machine = costs == null ? null : costs.machineCores();
                yield machine != null && machine >= Bottleneck.CPU_SHARE * cores ? MACHINE : SERVICE;
            }
        };
    }
}
