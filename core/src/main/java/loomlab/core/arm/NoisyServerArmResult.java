package loomlab.core.arm;

import loomlab.core.breakage.WatchReport;

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
 * @param carriers         the scheduler's carriers when the arm set them, else null
 * @param watch            what the watchdog saw of /hello: its stalls, or the server hung
 */
public record NoisyServerArmResult(ArmKey key, int cpuUsers, long cpuIterations, double helloRateRps,
                                   double durationS, long helloRequests, long helloErrors, Latency helloLatencyMs,
                                   long cpuRequests, long cpuErrors, Latency cpuLatencyMs, ServerUsage serverProcess,
                                   Integer carriers, WatchReport watch) implements Watched {

    public NoisyServerArmResult withWatch(WatchReport seen) {
        return new NoisyServerArmResult(key, cpuUsers, cpuIterations, helloRateRps, durationS, helloRequests,
                helloErrors, helloLatencyMs, cpuRequests, cpuErrors, cpuLatencyMs, serverProcess, carriers, seen);
    }

    @Override
    public Long answered() {
        return helloRequests;
    }

    public ServerId server() {
        return key.server();
    }
}
