package loomlab.core.finding;

import java.util.List;
import loomlab.core.arm.ArmKey;

/**
 * {@code /hello} on a server kept busy by CPU-bound {@code /cpu} requests, per thread model: its
 * p50 and p99 from the intended send time, and the causes the figures support.
 *
 * @param arms           every arm's figures
 * @param best           the pool with the lowest /hello p99
 * @param virtual        the virtual-thread arm
 * @param lead           the virtual arm against the best pool, by /hello p99
 * @param spareThreads   true when the best pool had more threads than /cpu users and led
 * @param waitedBehindCpu true when the virtual arm's /hello p99 reached at least half a /cpu
 *                       request's median: /hello waited for a carrier a /cpu request held
 * @param queuedPools    pools no larger than the /cpu users whose /hello p99 was clearly worse than the best
 */
public record HelloBesideCpu(List<Arm> arms, ArmKey best, ArmKey virtual, Lead lead, boolean spareThreads,
                             boolean waitedBehindCpu, List<ArmKey> queuedPools) implements Finding {
    public HelloBesideCpu {
        arms = List.copyOf(arms);
        queuedPools = List.copyOf(queuedPools);
    }

    public record Arm(ArmKey key, int cpuUsers, long cpuIterations, double helloRateRps, double helloP50Ms,
                      double helloP99Ms, double cpuP50Ms, long cpuRequests) {
    }
}
