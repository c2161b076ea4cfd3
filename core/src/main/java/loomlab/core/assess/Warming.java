package loomlab.core.assess;

import java.util.List;
import java.util.Optional;

/**
 * Evidence that a service was still warming through its capacity search: the failure that set the
 * bracket's upper end cost markedly more CPU per request than a step measured after it, at a lower
 * rate, that passed. A steady service costs at least as much per request at a lower rate (its
 * background work, the flight recording and the collector, is shared among fewer requests), so a
 * later step that is cheaper by {@link #RATIO} or more shows the service costlier then than later:
 * the failure bounds a service still warming, not the warm one. Only a failure where the machine was busy
 * ({@link #CPU_SHARE} of its cores: the service, the lab and, where read, the machine's other work) counts: a
 * service held back by its
 * pool or a downstream call fails whatever its CPU per request. The extra CPU is called warming only
 * where the JIT's own CPU inside the failed step accounts for it ({@link #stillWarming()}).
 *
 * <p>The CPU is counted so that it cannot favour the finding ({@link CapacityStep#cpuPerRequestRangeMs}):
 * the failed step at the least it can have cost (its CPU spread over every request it served, failed or
 * left in flight, as a step stopped early leaves its queue), the later step at the most (none of the
 * requests in flight when its window opened served in it). Steps whose served requests were not counted
 * give no evidence. What the extra CPU was is named only from the JIT compiler threads' CPU in that
 * step's window ({@link Jit}): CPU against CPU, where the compilations' own durations would count the time
 * a compiler thread waited for a core on a busy machine as compiling.
 *
 * @param failedRps   the rate that failed, the bracket's upper end
 * @param failedCpuMs the least CPU per request that step can have cost
 * @param laterRps    a lower rate measured after it, that passed
 * @param laterCpuMs  the most CPU per request that later step can have cost
 * @param jit         the JIT inside the failed step's window, or null when its CPU was unread
 */
public record Warming(double failedRps, double failedCpuMs, double laterRps, double laterCpuMs, Jit jit) {
    /** The failed step cost at least this many times the later one per request. */
    public static final double RATIO = 1.25;
    /** The service, the lab and the machine's other work used at least this share of the cores in the failed step. */
    public static final double CPU_SHARE = 0.6;

    /**
     * The JIT inside the failed step's window.
     *
     * @param compilations methods the flight recording shows compiled inside the window ({@code
     *                     jdk.Compilation}), or null when no recording was read
     * @param jitCpuMs     the CPU its compiler threads used in the window
     * @param extraCpuMs   the failed step's CPU above what its requests would have cost at the later step's
     *                     most per request: what is to be accounted for
     */
    public record Jit(Long compilations, double jitCpuMs, double extraCpuMs) {
        /** The JIT accounts for the extra CPU when its CPU was at least this share of it. */
        public static final double ACCOUNTS = 0.5;

        /** Whether the JIT's CPU inside the window came to {@link #ACCOUNTS} of the extra CPU or more. */
        public boolean accountsForTheExtra() {
            return extraCpuMs > 0 && jitCpuMs >= ACCOUNTS * extraCpuMs;
        }

        /** The JIT's CPU as a share of the extra CPU. */
        public double shareOfExtra() {
            return jitCpuMs / extraCpuMs;
        }
    }

    /**
     * The evidence in a bracketed capacity's steps, or empty when its failure came from a warm service,
     * from anything but the CPU, or from steps whose served requests were not counted.
     */
    public static Optional<Warming> of(Capacity capacity, int cores) {
        if (capacity.kind() != Capacity.Kind.BRACKETED || capacity.high() == null) {
            return Optional.empty();
        }
        List<Capacity.TriedStep> steps = capacity.steps();
        Optional<Warming> found = Optional.empty();
        for (int i = 0; i < steps.size(); i++) {
            CapacityStep failed = steps.get(i).step();
            CapacityStep.CpuRange failedCpu = failed.cpuPerRequestRangeMs();
            if (steps.get(i).outcome() != Capacity.Outcome.FAILED || failed.rateRps() != capacity.high()
                    || failedCpu == null || !cpuBound(failed, cores)) {
                continue;
            }
            // The last failure at the upper end is the one that counts; any later cheaper pass below it shows it.
            found = Optional.empty();
            for (Capacity.TriedStep later : steps.subList(i + 1, steps.size())) {
                CapacityStep.CpuRange laterCpu = later.step().cpuPerRequestRangeMs();
                if (later.outcome() == Capacity.Outcome.PASSED && later.step().rateRps() < failed.rateRps()
                        && laterCpu != null && laterCpu.highMs() != null && laterCpu.highMs() > 0
                        && failedCpu.lowMs() >= RATIO * laterCpu.highMs()) {
                    found = Optional.of(new Warming(failed.rateRps(), failedCpu.lowMs(), later.step().rateRps(),
                            laterCpu.highMs(), jit(failed, laterCpu.highMs())));
                    break;
                }
            }
        }
        return found;
    }

    /**
     * Whether the evidence says the service was still warming: the JIT's CPU inside the failed step
     * accounts for its extra CPU. Without that, the step only cost more per request while
     * overloaded, for a cause not measured, and its failure stands.
     */
    public boolean stillWarming() {
        return jit != null && jit.accountsForTheExtra();
    }

    /** How many times the later step's CPU per request the failed step's was, at the least. */
    public double ratio() {
        return failedCpuMs / laterCpuMs;
    }

    /** The JIT's CPU inside the failed step's window against its extra CPU; null when unread. */
    private static Jit jit(CapacityStep failed, double laterMostMs) {
        CapacityStep.StepUsage usage = failed.usage();
        if (usage.jitCpuS() == null) {
            return null;
        }
        CapacityStep.Served served = usage.served();
        double atLaterCost = laterMostMs * (served.answered() + served.failed() + served.leftInFlight());
        return new Jit(usage.recorded() == null ? null : usage.recorded().compilations(), usage.jitCpuS() * 1000,
                usage.serviceCpuS() * 1000 - atLaterCost);
    }

    private static boolean cpuBound(CapacityStep step, int cores) {
        Double other = step.otherCores();
        return step.serviceCores() != null && step.labCores() != null
                && step.serviceCores() + step.labCores() + (other == null ? 0 : other) >= CPU_SHARE * cores;
    }
}
