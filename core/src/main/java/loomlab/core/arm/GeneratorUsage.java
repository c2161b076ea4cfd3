package loomlab.core.arm;

/**
 * The load generator's own CPU during measurement, so that an arm limited by the generator rather
 * than by the server is flagged instead of being reported as the server's figure.
 *
 * @param utilisation CPU time over the wall time its event loops had, 0 to 1; null when unknown
 */
public record GeneratorUsage(Double cpuS, Double utilisation, boolean saturated) {
    /** NaN (not measurable on this JVM) becomes null, so results.json stays valid JSON. */
    public static GeneratorUsage of(double cpuSeconds, double utilisation, boolean saturated) {
        return new GeneratorUsage(Double.isNaN(cpuSeconds) ? null : cpuSeconds,
                Double.isNaN(utilisation) ? null : utilisation, saturated);
    }
}
