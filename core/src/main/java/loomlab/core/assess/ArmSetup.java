package loomlab.core.assess;

/**
 * What an arm ran with, beside its key (whose mode names its thread model).
 *
 * @param pool      the platform arm's pool size given, or null for the framework's own (and for a virtual arm)
 * @param jdk       the runtime version the service ran on, e.g. {@code 25.0.3+9-LTS}
 * @param sloP99Ms  the p99 target its capacity was searched against
 * @param cores     the machine's cores, which the service and the lab shared
 * @param curveEngine what loaded the closed-model curve: {@code lab} or {@code locust}; the capacity
 *                  search is always the lab's open-model generator
 * @param carriers  the virtual-thread scheduler's carriers the arm set, or null when it set none
 * @param arrivals  how the capacity search spaced its arrivals: {@code poisson} or {@code even}
 * @param endpointLines the non-blank, non-comment source lines of the endpoint code the arm served, when
 *                  the lab knows its sources (its own servers'); null for a user's service
 * @param arrivalsSeed the seed of the run the arm belongs to, from which each capacity step's Poisson arrivals
 *                  were drawn ({@link StepSeeds}); null for evenly spaced arrivals or where none was recorded
 */
public record ArmSetup(Integer pool, String jdk, ServiceSwitch switchedBy, double sloP99Ms,
                       int cores, String curveEngine, Integer carriers, String arrivals, Integer endpointLines,
                       Long arrivalsSeed) {
    /** A setup whose run's seed is not recorded. */
    public ArmSetup(Integer pool, String jdk, ServiceSwitch switchedBy, double sloP99Ms, int cores,
                    String curveEngine, Integer carriers, String arrivals, Integer endpointLines) {
        this(pool, jdk, switchedBy, sloP99Ms, cores, curveEngine, carriers, arrivals, endpointLines, null);
    }

    /** The same setup with the endpoint code's line count. */
    public ArmSetup withEndpointLines(Integer lines) {
        return new ArmSetup(pool, jdk, switchedBy, sloP99Ms, cores, curveEngine, carriers, arrivals, lines,
                arrivalsSeed);
    }
}
