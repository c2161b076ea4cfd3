package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/**
 * Where the limit sat when neither thread model led, judged from measured figures only.
 *
 * @param platformCpu   the platform arm's CPU at its capacity, null for {@link Kind#TARGET_BELOW_ONE_REQUEST}
 * @param virtualCpu    the virtual arm's, likewise
 * @param cores         the machine's cores
 * @param unloadedP99Ms for {@link Kind#TARGET_BELOW_ONE_REQUEST}: the p99 of one user alone
 */
public record Bottleneck(ArmKey platform, ArmKey virtual, Kind kind, CpuAtCapacity platformCpu,
                         CpuAtCapacity virtualCpu, int cores, Double unloadedP99Ms, double sloP99Ms)
        implements AssessFinding {
    /** At capacity, the service and the lab used at least this share of the machine's cores. */
    public static final double CPU_SHARE = 0.85;
    /**
     * The lab's generator's CPU at capacity, in cores, from which it may be the limit both arms share: its
     * event loop is one thread, so half a core or more; below that, the figure rules it out.
     */
    public static final double GENERATOR_BUSY_CORES = 0.5;
    /** The generator's share of the machine's CPU at capacity from which a CPU limit is partly its own. */
    public static final double GENERATOR_SHARE = 0.25;

    public enum Kind {
        /** Both arms spent the machine's CPU at capacity: more threads of either kind cannot buy more. */
        CPU,
        /**
         * Neither arm spent the CPU and the thread model did not matter: something both arms share
         * limits them (a pool the service holds, a lock, a downstream, or the lab's own generator),
         * which the lab cannot tell apart from outside.
         */
        SHARED_LIMIT,
        /** One request alone already missed the target, whatever the thread model. */
        TARGET_BELOW_ONE_REQUEST
    }

    /** The most the lab's generator used at either arm's capacity, in cores; null without CPU figures. */
    public Double generatorCores() {
        return platformCpu == null || virtualCpu == null ? null : Math.max(platformCpu.lab(), virtualCpu.lab());
    }

    /** Whether the generator was busy enough to be the limit both arms share ({@link #GENERATOR_BUSY_CORES}). */
    public boolean generatorMayLimit() {
        Double cores = generatorCores();
        return cores != null && cores >= GENERATOR_BUSY_CORES;
    }

    /**
     * Whether, at either arm's capacity, the generator took {@link #GENERATOR_SHARE} or more of what the
     * machine spent: then a CPU limit is partly this machine's, not the service's.
     */
    public boolean generatorShareNotable() {
        return platformCpu != null && platformCpu.generatorNotable() || virtualCpu != null && virtualCpu.generatorNotable();
    }

    /**
     * One arm's CPU in its capacity step, in cores, split between the service, the lab, which generates the
     * load on the same machine, and the machine's other work (its other processes, the kernel's threads, the
     * hypervisor's steal), null where the machine's own CPU was not read.
     */
    public record CpuAtCapacity(double service, double lab, Double other) {
        /** Where the machine's other work was not read. */
        public CpuAtCapacity(double service, double lab) {
            this(service, lab, null);
        }

        public double machine() {
            return service + lab + (other == null ? 0 : other);
        }

        public boolean spent(int cores) {
            return machine() >= CPU_SHARE * cores;
        }

        /** The generator took {@link #GENERATOR_SHARE} or more of what the machine spent. */
        public boolean generatorNotable() {
            return lab >= GENERATOR_SHARE * machine();
        }
    }
}
