package loomlab.core.assess;

import loomlab.core.finding.Bottleneck;

/**
 * Whose limit an arm's capacity is, by what its steps measured: the service's (a rate failed with the
 * machine's cores to spare), the machine's (at the capacity the service, the lab and its database
 * used nearly all the cores), the lab generator's (it could send no more), or the search's own bound
 * (its top rate or its steps, with every rate passing). A capacity on one machine is that machine's
 * figure; this says which of the three stopped it, so that a reader knows what a bigger machine or
 * load from another one would change.
 */
public enum WhoseLimit {
    SERVICE("service", "the service's"),
    MACHINE("machine", "the machine's"),
    GENERATOR("generator", "the lab's generator's"),
    SEARCH("search", "the search's own bound"),
    /** A rate above failed while the service was still warming ({@link Capacity.Limit#WARMING}). */
    WARM_UP("warm-up", "the warm-up's");

    private final String id;
    private final String words;

    WhoseLimit(String id, String words) {
        this.id = id;
        this.words = words;
    }

    /** As results.json spells it. */
    public String id() {
        return id;
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
