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
 * @param lead           the virtual arm against the best pool, by /hello p99: one figure each, so no lead is
 *                       named; the causes below are said of whose p99 was the lower ({@link Lead#ahead()})
 * @param spareThreads   true when the best pool's /hello p99 was the lower, it had more threads than /cpu users,
 *                       and its /hello p99 stayed under half a /cpu request's median: /hello got a thread at once
 * @param waitedBehindCpu true when the virtual arm's /hello p99 reached at least half a /cpu
 *                       request's median: /hello waited for a carrier a /cpu request held
 * @param queuedPools    pools no larger than the /cpu users whose /hello p99 reached at least half a /cpu
 *                       request's median: /hello waited about one for a free thread
 * @param farTails       arms whose slowest /hello took more than {@link #FAR_TAIL} times both its p99 and a
 *                       /cpu request's median: a rare wait the percentiles do not show
 */
public record HelloBesideCpu(List<Arm> arms, ArmKey best, ArmKey virtual, Lead lead, boolean spareThreads,
                             boolean waitedBehindCpu, List<ArmKey> queuedPools, List<ArmKey> farTails)
        implements TaskFinding {
    /** How far beyond the p99, and beyond a /cpu request's median, a slowest request must be to be named. */
    public static final double FAR_TAIL = 10;

    public HelloBesideCpu {
        arms = List.copyOf(arms);
        queuedPools = List.copyOf(queuedPools);
        farTails = List.copyOf(farTails);
    }

    public record Arm(ArmKey key, int cpuUsers, long cpuIterations, double helloRateRps, double helloP50Ms,
                      double helloP99Ms, Double helloMaxMs, Double cpuP50Ms, long cpuRequests) {
        /** True when the slowest /hello took more than {@link #FAR_TAIL} times its p99 and a /cpu median (when known). */
        public boolean farTail() {
            if (helloMaxMs == null) {
                return false;
            }
            boolean beyondCpu = cpuP50Ms == null || helloMaxMs > FAR_TAIL * cpuP50Ms;
            return helloMaxMs > FAR_TAIL * helloP99Ms && beyondCpu;
        }
    }
}
