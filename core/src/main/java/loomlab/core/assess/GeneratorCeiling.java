package loomlab.core.assess;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The highest rate the lab's generator showed it can send beside the service, read from the steps it
 * offered and not set as a constant: its CPU per request in the fastest of them, scaled to the cores
 * its event loops may use ({@code loops}: one core each at most, since a loop is one thread). All of
 * the lab's CPU is charged to the generator (its reporter and watchers too), so the figure errs low;
 * the search offers the rate it names and reads again from that step, where those fixed costs are
 * spread over more requests. The ceiling binds only once the lab used nearly all its loops' cores.
 *
 * @param rps        the rate the generator can send at most, by that evidence
 * @param fromRps    the rate of the step it was read from
 * @param labCores   the lab's CPU in that step, in cores
 * @param loops      the generator's event loops
 */
public record GeneratorCeiling(double rps, double fromRps, double labCores, int loops) {

    /**
     * From the fastest step whose rate the generator offered (by {@code search}'s judgement) and whose
     * lab CPU was read; empty without one, or with the loops unknown (0).
     */
    public static Optional<GeneratorCeiling> of(List<CapacityStep> steps, CapacitySearch search, int loops) {
        if (loops < 1) {
            return Optional.empty();
        }
        return steps.stream()
                .filter(s -> search.judge(s) != Capacity.Outcome.NOT_OFFERED)
                .filter(s -> s.labCores() != null && s.labCores() > 0 && s.rateRps() > 0)
                .max(Comparator.comparingDouble(CapacityStep::rateRps))
                .map(s -> new GeneratorCeiling(threeFigures(s.rateRps() * loops / s.labCores()), s.rateRps(),
                        s.labCores(), loops));
    }

    /** An estimate offered as a rate: three significant figures, as the search's other rates. */
    static double threeFigures(double rps) {
        double scale = Math.pow(10, Math.floor(Math.log10(rps)) - 2);
        return Math.round(rps / scale) * scale;
    }

    /** Whether {@code rateRps} is as high as the generator can go, within the search's precision. */
    public boolean reachedBy(double rateRps, double precision) {
        return rateRps * (1 + precision) >= rps;
    }
}
