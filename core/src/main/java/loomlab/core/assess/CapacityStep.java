package loomlab.core.assess;

import java.util.List;
import loomlab.core.arm.PathFigures;

/**
 * One step of a capacity search as measured: arrivals offered at a fixed rate (the open model)
 * after a warm-up, and what came back.
 *
 * @param rateRps      the arrival rate offered
 * @param p99Ms        p99 latency from each request's intended send time, or null when nothing was answered
 * @param maxMs        the slowest request, from its intended send time, or null when nothing was answered
 * @param p50RiseMs    how much the median rose from the step's first whole second to its last, or null with
 *                     fewer than two: past the capacity the queue, and so the latency, grows all step long
 * @param errors       failed requests: connection errors, timeouts, statuses of 400 and above
 * @param requests     requests answered in the measured window
 * @param elapsedS     the measured window, to the last answer (shorter when the step was stopped)
 * @param stoppedEarly why the step was ended before its time, or null when it ran its course
 * @param generator    how well the lab's generator kept to the rate: what decides whether the rate was offered
 * @param usage        CPU the service and the lab spent in the measured window, or null when unread
 * @param paths        each path of the mix on its own
 * @param windowRps    answers that completed within the measured window, per second of it, to any request (the
 *                     warm-up's still in flight when it opened included), or null when
 *                     unread: the drain after the window, where a rare slow request may end seconds later,
 *                     is left out, so one slow call does not read as a service that answered a quarter of
 *                     what it was offered
 * @param arrivedRps   the requests the generator sent in the seconds {@code windowRps} counts, per second of
 *                     them, or null when unknown: Poisson arrivals at {@code rateRps} put more or fewer in one
 *                     window (at 10 req/s for 6 s, 60 on average and a tenth more or less in many windows), and a
 *                     generator that fell behind sent fewer than its schedule
 * @param windowOkRps  of {@code windowRps}, the answers whose status was 2xx or 3xx, or null when unread: an
 *                     error status is an answer, not a success
 * @param arrivalsSeed the seed of the step's Poisson arrivals ({@link StepSeeds}), or null for evenly spaced ones
 *                     or where it was not recorded
 */
public record CapacityStep(double rateRps, Double p99Ms, Double maxMs, Double p50RiseMs, long errors, long requests,
                           double elapsedS, String stoppedEarly, GeneratorSide generator, StepUsage usage,
                           List<PathFigures> paths, Double windowRps, Double arrivedRps, Double windowOkRps,
                           Long arrivalsSeed) {
    public CapacityStep {
        if (!(rateRps > 0)) {
            throw new IllegalArgumentException("a step offers a positive rate, got " + rateRps);
        }
        generator = generator == null ? GeneratorSide.KEPT_UP : generator;
        paths = paths == null ? List.of() : List.copyOf(paths);
    }

    /** A step whose arrivals' seed is not recorded (set with {@link #withArrivalsSeed}). */
    public CapacityStep(double rateRps, Double p99Ms, Double maxMs, Double p50RiseMs, long errors, long requests,
                        double elapsedS, String stoppedEarly, GeneratorSide generator, StepUsage usage,
                        List<PathFigures> paths, Double windowRps, Double arrivedRps, Double windowOkRps) {
        this(rateRps, p99Ms, maxMs, p50RiseMs, errors, requests, elapsedS, stoppedEarly, generator, usage, paths,
                windowRps, arrivedRps, windowOkRps, null);
    }

    /** A step whose successful answers were not counted apart. */
    public CapacityStep(double rateRps, Double p99Ms, Double maxMs, Double p50RiseMs, long errors, long requests,
                        double elapsedS, String stoppedEarly, GeneratorSide generator, StepUsage usage,
                        List<PathFigures> paths, Double windowRps, Double arrivedRps) {
        this(rateRps, p99Ms, maxMs, p50RiseMs, errors, requests, elapsedS, stoppedEarly, generator, usage, paths,
                windowRps, arrivedRps, null);
    }

    /** A step whose answers within its window were not read apart from the drain. */
    public CapacityStep(double rateRps, Double p99Ms, Double maxMs, Double p50RiseMs, long errors, long requests,
                        double elapsedS, String stoppedEarly, GeneratorSide generator, StepUsage usage,
                        List<PathFigures> paths) {
        this(rateRps, p99Ms, maxMs, p50RiseMs, errors, requests, elapsedS, stoppedEarly, generator, usage, paths, null,
                null, null);
    }

    /** A step whose window's arrivals were not counted. */
    public CapacityStep(double rateRps, Double p99Ms, Double maxMs, Double p50RiseMs, long errors, long requests,
                        double elapsedS, String stoppedEarly, GeneratorSide generator, StepUsage usage,
                        List<PathFigures> paths, Double windowRps) {
        this(rateRps, p99Ms, maxMs, p50RiseMs, errors, requests, elapsedS, stoppedEarly, generator, usage, paths,
                windowRps, null, null);
    }

    /** A step whose figures alone decide it: nothing stopped it, the generator kept up, no usage read. */
    public static CapacityStep of(double rateRps, Double p99Ms, long errors, long requests, double elapsedS) {
        return new CapacityStep(rateRps, p99Ms, p99Ms, null, errors, requests, elapsedS, null, GeneratorSide.KEPT_UP,
                null, List.of());
    }

    /** The same step as the generator measured it: saturated, or late on its own schedule. */
    public CapacityStep withGenerator(GeneratorSide side) {
        return new CapacityStep(rateRps, p99Ms, maxMs, p50RiseMs, errors, requests, elapsedS, stoppedEarly, side, usage,
                paths, windowRps, arrivedRps, windowOkRps, arrivalsSeed);
    }

    /** The same step with the seed its Poisson arrivals were drawn from. */
    public CapacityStep withArrivalsSeed(Long seed) {
        return new CapacityStep(rateRps, p99Ms, maxMs, p50RiseMs, errors, requests, elapsedS, stoppedEarly, generator,
                usage, paths, windowRps, arrivedRps, windowOkRps, seed);
    }

    /** The service's CPU per answered request in the window, in ms, or null when unread or nothing was answered. */
    public Double cpuPerRequestMs() {
        return usage == null || usage.serviceCpuS() == null || requests == 0 ? null
                : usage.serviceCpuS() * 1000 / requests;
    }

    /** The service's CPU in cores over the window, or null when unread. */
    public Double serviceCores() {
        return usage == null || usage.serviceCpuS() == null || !(elapsedS > 0) ? null : usage.serviceCpuS() / elapsedS;
    }

    /** The lab's own CPU in cores over the window, or null when unread. */
    public Double labCores() {
        return usage == null || usage.labCpuS() == null || !(elapsedS > 0) ? null : usage.labCpuS() / elapsedS;
    }

    /** Answers per second from the window's start to the last answer, the drain after the window included. */
    public double throughputRps() {
        return elapsedS > 0 ? requests / elapsedS : 0;
    }

    /** Answers per second within the window where they were read apart from the drain, else {@link #throughputRps}. */
    public double answeredRps() {
        return windowRps != null ? windowRps : throughputRps();
    }

    /**
     * @param serviceCpuS CPU seconds of the service's processes (the process and its descendants)
     * @param labCpuS     CPU seconds of the lab's own process, the generator's loop included
     * @param rssMb       the service's resident memory at the end of the step (VmRSS), or null when unread
     */
    public record StepUsage(Double serviceCpuS, Double labCpuS, Double rssMb) {
    }

    /**
     * What the lab's generator did in the step, so that its own limits and the kernel's are never
     * charged to the service.
     *
     * @param saturated       its event loop used nearly all of its own CPU
     * @param lateSends       requests sent over 1 ms after their intended time, for any reason
     * @param maxLoopLagMs    the latest a request went out when a connection was ready for it: the loop's own
     *                        lateness (pushed off the CPU, or too busy), not a wait for the service
     * @param capHits         arrivals that waited because the in-flight cap was reached (the service's doing:
     *                        the cap is four times rate x target)
     * @param listenOverflows connections the kernel dropped at a full listen backlog in the step, or null
     */
    public record GeneratorSide(boolean saturated, long lateSends, double maxLoopLagMs, long capHits,
                                Long listenOverflows) {
        public static final GeneratorSide KEPT_UP = new GeneratorSide(false, 0, 0, 0, null);
    }
}
