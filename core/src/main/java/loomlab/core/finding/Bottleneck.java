package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/**
 * Where the limit sat when neither thread model led, judged from measured figures only.
 *
 * @param coresUsed    CPU of the service and of the lab at capacity, in cores (the busier arm's)
 * @param cores        the machine's cores
 * @param unloadedP99Ms for {@link Kind#TARGET_BELOW_ONE_REQUEST}: the p99 of one user alone
 */
public record Bottleneck(ArmKey platform, ArmKey virtual, Kind kind, Double coresUsed, int cores,
                         Double unloadedP99Ms, double sloP99Ms) implements Finding {
    /** At capacity, the service and the lab used at least this share of the machine's cores. */
    public static final double CPU_SHARE = 0.85;

    public enum Kind {
        /** The machine's CPU was spent: more threads of either kind cannot buy more. */
        CPU,
        /**
         * The CPU was not spent and the thread model did not matter: something both arms share
         * limits the service (a pool it holds, a lock, a downstream), which the lab cannot see.
         */
        SHARED_LIMIT,
        /** One request alone already missed the target, whatever the thread model. */
        TARGET_BELOW_ONE_REQUEST
    }
}
