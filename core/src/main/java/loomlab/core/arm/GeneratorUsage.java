package loomlab.core.arm;

/**
 * The load generator's own CPU during measurement, so that an arm limited by the generator rather
 * than by the server is flagged instead of being reported as the server's figure.
 *
 * @param cpuS         CPU of the threads that send and receive (the lab's event loops), null when
 *                     unknown or when a separate tool measured
 * @param utilisation  that CPU over the wall time its event loops had, 0 to 1; null when unknown
 * @param saturated    utilisation high enough that the figures may describe the generator
 * @param processCpuS  CPU of the whole generating process(es) over the window (the lab's JVM, or the
 *                     tool's process), for the CPU term of the bound; null when unknown
 */
public record GeneratorUsage(Double cpuS, Double utilisation, boolean saturated, Double processCpuS) {
    public static final GeneratorUsage UNKNOWN = new GeneratorUsage(null, null, false, null);
}
