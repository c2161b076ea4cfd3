package loomlab.core.arm;

/**
 * What {@code /hello} cost while CPU-bound {@code /cpu} requests loaded the server, and how much CPU
 * work the server got through meanwhile.
 *
 * @param helloLatencyMs   from each /hello request's intended send time (open model, coordinated
 *                         omission corrected)
 * @param helloRequests    /hello answers in the measured window
 * @param cpuRequests      /cpu requests completed in the measured window
 * @param cpuLatencyMs     of the /cpu requests, from their actual send (closed model)
 * @param serverProcess    the server's CPU over the measured window, its peak RSS and threads
 */
public record NoisyServerArmResult(ArmKey key, int cpuUsers, long cpuIterations, double helloRateRps,
                                   double durationS, long helloRequests, long helloErrors, Latency helloLatencyMs,
                                   long cpuRequests, long cpuErrors, Latency cpuLatencyMs, ServerUsage serverProcess)
        implements ArmResult {

    /** /cpu requests completed per second of the measured window. */
    public double cpuRps() {
        return durationS > 0 ? cpuRequests / durationS : Double.NaN;
    }

    public ServerId server() {
        return key.server();
    }
}
