package loomlab.core.assess;

import java.util.List;
import java.util.Optional;

/**
 * Evidence that a service was still warming through its capacity search: the failure that set the
 * bracket's upper end cost markedly more CPU per request than a step measured after it, at a lower
 * rate, that passed. A steady service costs at least as much per request at a lower rate (its
 * background work, the flight recording and the collector, is shared among fewer requests), so a
 * later step that is cheaper by {@link #RATIO} or more shows the JIT still at work when the failure
 * was measured: the failure bounds a warming service, not the warm one. Only a failure where the
 * service and the lab used most of the machine ({@link #CPU_SHARE} of its cores) counts: a service
 * held back by its pool or a downstream call fails whatever its CPU per request. On 2 cores a quick
 * run's 2 s warm-up leaves a Spring server there (docs/reactive.md).
 *
 * @param failedRps   the rate that failed, the bracket's upper end
 * @param failedCpuMs the service's CPU per request in that step
 * @param laterRps    a lower rate measured after it, that passed
 * @param laterCpuMs  the service's CPU per request in that later step
 */
public record Warming(double failedRps, double failedCpuMs, double laterRps, double laterCpuMs) {
    /** The failed step cost at least this many times the later one per request. */
    public static final double RATIO = 1.25;
    /** The service and the lab used at least this share of the cores in the failed step. */
    public static final double CPU_SHARE = 0.6;

    /**
     * The evidence in a bracketed capacity's steps, or empty when its failure came from a warm service
     * or from anything but the CPU.
     */
    public static Optional<Warming> of(Capacity capacity, int cores) {
        if (capacity.kind() != Capacity.Kind.BRACKETED || capacity.high() == null) {
            return Optional.empty();
        }
        List<Capacity.TriedStep> steps = capacity.steps();
        Optional<Warming> found = Optional.empty();
        for (int i = 0; i < steps.size(); i++) {
            CapacityStep failed = steps.get(i).step();
            Double failedCpu = failed.cpuPerRequestMs();
            if (steps.get(i).outcome() != Capacity.Outcome.FAILED || failed.rateRps() != capacity.high()
                    || failedCpu == null || !cpuBound(failed, cores)) {
                continue;
            }
            // The last failure at the upper end is the one that counts; any later cheaper pass below it shows it.
            found = Optional.empty();
            for (Capacity.TriedStep later : steps.subList(i + 1, steps.size())) {
                Double laterCpu = later.step().cpuPerRequestMs();
                if (later.outcome() == Capacity.Outcome.PASSED && later.step().rateRps() < failed.rateRps()
                        && laterCpu != null && laterCpu > 0 && failedCpu >= RATIO * laterCpu) {
                    found = Optional.of(new Warming(failed.rateRps(), failedCpu, later.step().rateRps(), laterCpu));
                    break;
                }
            }
        }
        return found;
    }

    /** How many times the later step's CPU per request the failed step's was. */
    public double ratio() {
        return failedCpuMs / laterCpuMs;
    }

    private static boolean cpuBound(CapacityStep step, int cores) {
        return step.serviceCores() != null && step.labCores() != null
                && step.serviceCores() + step.labCores() >= CPU_SHARE * cores;
    }
}
