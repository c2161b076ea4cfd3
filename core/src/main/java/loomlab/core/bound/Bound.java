package loomlab.core.bound;

/**
 * The best an arm could have done on this machine, the tighter of two ceilings: waiting (Little's
 * law) and CPU. Either may be missing; with neither there is no sound bound, and none is published
 * rather than a misleading efficiency.
 *
 * @param rps      the highest rate, or null when there is no bound
 * @param elapsedS the shortest time, for an arm that counts requests, or null
 * @param basis    which term set it
 * @param waiting  the waiting term, or null when the request's least time is unknown
 * @param cpu      the CPU term, or null when no CPU figure was read
 */
public record Bound(Double rps, Double elapsedS, Basis basis, WaitTerm waiting, CpuTerm cpu) {
    public enum Basis {
        /** Little's law: the requests' waits. */
        WAIT,
        /** The machine's cores: the CPU the requests cost. */
        CPU,
        /** No sound bound. */
        NONE
    }

    public static final Bound NONE = new Bound(null, null, Basis.NONE, null, null);

    /** The tighter of the two terms; either may be null. */
    public static Bound tighterOf(WaitTerm wait, CpuTerm cpu) {
        if (wait == null && cpu == null) {
            return NONE;
        }
        if (cpu == null) {
            return new Bound(wait.rps(), wait.elapsedS(), Basis.WAIT, wait, null);
        }
        if (wait == null) {
            return new Bound(cpu.rps(), cpu.elapsedS(), Basis.CPU, null, cpu);
        }
        boolean cpuTighter = cpu.rps() < wait.rps();
        Double elapsed = wait.elapsedS() == null ? null : Math.max(wait.elapsedS(), cpu.elapsedS());
        boolean cpuSetsElapsed = elapsed != null && cpu.elapsedS() > wait.elapsedS();
        Basis basis = (elapsed == null ? cpuTighter : cpuSetsElapsed) ? Basis.CPU : Basis.WAIT;
        return new Bound(Math.min(wait.rps(), cpu.rps()), elapsed, basis, wait, cpu);
    }

    public boolean exists() {
        return basis != Basis.NONE;
    }
}
