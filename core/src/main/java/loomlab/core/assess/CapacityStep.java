package loomlab.core.assess;

import java.time.Duration;
import java.time.Instant;
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
 * @param usage        CPU the service and the lab spent in the measured window, what it served, and what the
 *                     service's flight recording held there; null when unread
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

    /** The same step with its usage read anew (the flight recording's figures inside its window, read at the arm's end). */
    public CapacityStep withUsage(StepUsage other) {
        return new CapacityStep(rateRps, p99Ms, maxMs, p50RiseMs, errors, requests, elapsedS, stoppedEarly, generator,
                other, paths, windowRps, arrivedRps, windowOkRps, arrivalsSeed);
    }

    /**
     * The service's CPU per request in the window, in ms, or null when unread or nothing was answered:
     * counted against the answers that the window's CPU served (those that completed between the edges
     * where the CPU was read, the warm-up's included), or, where those were not counted, against the
     * window's own requests answered.
     */
    public Double cpuPerRequestMs() {
        if (usage == null || usage.serviceCpuS() == null) {
            return null;
        }
        if (usage.served() != null) {
            return usage.served().answered() == 0 ? null : usage.serviceCpuS() * 1000 / usage.served().answered();
        }
        return requests == 0 ? null : usage.serviceCpuS() * 1000 / requests;
    }

    /**
     * The least and the most the service's CPU per request can have been, from what the window's CPU
     * served ({@link StepUsage#served()}), or null when that was not counted. The window's CPU covers
     * each request answered within it that was sent within it, part of the work of those in flight when
     * it opened, and part of the work of those still in flight when it closed (a step stopped early
     * leaves its queue there). So at least CPU / (answered + failed + left in flight), had every one of
     * those been served in full, and at most CPU / (answered - in flight at the opening), had none of
     * those been served in it; the upper end is null when nothing else was answered.
     */
    public CpuRange cpuPerRequestRangeMs() {
        if (usage == null || usage.serviceCpuS() == null || usage.served() == null) {
            return null;
        }
        Served served = usage.served();
        double cpuMs = usage.serviceCpuS() * 1000;
        long most = served.answered() + served.failed() + served.leftInFlight();
        long fewest = served.answered() - served.inFlightAtOpen();
        return most == 0 ? null : new CpuRange(cpuMs / most, fewest > 0 ? cpuMs / fewest : null);
    }

    /** The service's CPU per request between two bounds, in ms; {@code highMs} null when unbounded. */
    public record CpuRange(double lowMs, Double highMs) {
    }

    /**
     * The garbage collector's pauses in the window per 1,000 answers the window served, in ms, from the
     * flight recording's timestamps; null when the recording or the answers were not read, or none was
     * answered.
     */
    public Double gcMsPerThousandRequests() {
        if (usage == null || usage.recorded() == null || usage.served() == null || usage.served().answered() == 0) {
            return null;
        }
        return usage.recorded().gcPauseMs() * 1000 / usage.served().answered();
    }

    /** The share of the window's wall time the collector paused the service, or null when unread. */
    public Double gcShareOfWall() {
        if (usage == null || usage.recorded() == null || usage.window() == null || !(usage.window().seconds() > 0)) {
            return null;
        }
        return usage.recorded().gcPauseMs() / 1000 / usage.window().seconds();
    }

    /** The service's CPU in cores over the window, or null when unread. */
    public Double serviceCores() {
        return usage == null || usage.serviceCpuS() == null || !(elapsedS > 0) ? null : usage.serviceCpuS() / elapsedS;
    }

    /** The lab's own CPU in cores over the window, or null when unread. */
    public Double labCores() {
        return usage == null || usage.labCpuS() == null || !(elapsedS > 0) ? null : usage.labCpuS() / elapsedS;
    }

    /** The database's CPU in cores over the window, or null without one ({@code --postgres}) or unread. */
    public Double databaseCores() {
        return usage == null || usage.databaseCpuS() == null || !(elapsedS > 0) ? null
                : usage.databaseCpuS() / elapsedS;
    }

    /**
     * The service's JIT in cores over the window (its compiler threads' CPU over the window's length), or null when
     * unread: a service that compiles this much in a step is not yet warm for that step's load.
     */
    public Double compilingCores() {
        return usage == null || usage.jitCpuS() == null || !(elapsedS > 0) ? null : usage.jitCpuS() / elapsedS;
    }

    /**
     * The machine's other work in cores over the window: its busy CPU less the service's, the lab's and the
     * database's, the hypervisor's steal included; null unless all of them were read. A reading a little
     * below zero (the edges are read one after another) counts as none.
     */
    public Double otherCores() {
        if (usage == null || usage.machine() == null || usage.serviceCpuS() == null || usage.labCpuS() == null
                || !(elapsedS > 0)) {
            return null;
        }
        double database = usage.databaseCpuS() == null ? 0 : usage.databaseCpuS();
        return Math.max(0, usage.machine().busyS() - usage.serviceCpuS() - usage.labCpuS() - database) / elapsedS;
    }

    /** The hypervisor's steal in cores over the window, or null when unread. */
    public Double stealCores() {
        return usage == null || usage.machine() == null || !(elapsedS > 0) ? null : usage.machine().stealS() / elapsedS;
    }

    /** The database's CPU per answered request in the window, in ms, or null without one or unread. */
    public Double databaseCpuPerRequestMs() {
        return usage == null || usage.databaseCpuS() == null || requests == 0 ? null
                : usage.databaseCpuS() * 1000 / requests;
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
     * What the service and the lab spent in the window where their CPU was read, and what that CPU served.
     *
     * @param serviceCpuS CPU seconds of the service's processes (the process and its descendants)
     * @param labCpuS     CPU seconds of the lab's own process, the generator's loop included
     * @param rssMb       the service's resident memory at the end of the step (VmRSS), or null when unread
     * @param served      the requests that CPU served, or null when not counted
     * @param window      when the CPU was read, on the wall clock the flight recording's timestamps use, or null
     * @param recorded    what the service's flight recording held inside {@code window}, or null when unread
     * @param databaseCpuS CPU seconds of the assessment's own database ({@code --postgres}: the server and its
     *                     backends), charged to it rather than to the service or the lab; null without one
     * @param jitCpuS     CPU seconds the service JVM's JIT compiler threads used in the window, read at its
     *                    edges from {@code /proc}; null when unread. Read while the search runs, unlike
     *                    {@code recorded}, which is read afterwards
     * @param machine     the whole machine's CPU between the same edges, or null when unread: what the other
     *                    work on the machine took beside the service and the lab
     */
    public record StepUsage(Double serviceCpuS, Double labCpuS, Double rssMb, Served served, Window window,
                            Recorded recorded, Double databaseCpuS, Double jitCpuS, MachineCpu machine) {
        /** Usage whose machine-wide CPU was not read. */
        public StepUsage(Double serviceCpuS, Double labCpuS, Double rssMb, Served served, Window window,
                         Recorded recorded, Double databaseCpuS, Double jitCpuS) {
            this(serviceCpuS, labCpuS, rssMb, served, window, recorded, databaseCpuS, jitCpuS, null);
        }

        /** Usage whose served requests, window and recording were not read. */
        public StepUsage(Double serviceCpuS, Double labCpuS, Double rssMb) {
            this(serviceCpuS, labCpuS, rssMb, null, null, null, null, null);
        }

        /** Usage whose JIT's CPU was not read. */
        public StepUsage(Double serviceCpuS, Double labCpuS, Double rssMb, Served served, Window window,
                         Recorded recorded, Double databaseCpuS) {
            this(serviceCpuS, labCpuS, rssMb, served, window, recorded, databaseCpuS, null);
        }

        /** Usage with no database of the lab's beside the service. */
        public StepUsage(Double serviceCpuS, Double labCpuS, Double rssMb, Served served, Window window,
                         Recorded recorded) {
            this(serviceCpuS, labCpuS, rssMb, served, window, recorded, null);
        }

        /** The same usage with what the recording held inside its window. */
        public StepUsage withRecorded(Recorded inWindow) {
            return new StepUsage(serviceCpuS, labCpuS, rssMb, served, window, inWindow, databaseCpuS, jitCpuS, machine);
        }
    }

    /**
     * The whole machine's CPU between the same edges ({@code /proc/stat}), whoever spent it: what the service,
     * the lab and its database did not spend of it went to the machine's other work, its other processes, the
     * kernel's own threads and, on a virtual machine, the hypervisor, which took {@code stealS} from it.
     *
     * @param busyS  CPU seconds every core was busy, the steal included
     * @param stealS of them, the seconds the hypervisor gave the virtual machine's cores to someone else
     */
    public record MachineCpu(double busyS, double stealS) {
        public MachineCpu {
            if (!(busyS >= 0) || !(stealS >= 0) || stealS > busyS) {
                throw new IllegalArgumentException("busy and steal seconds are not negative and the steal is part of"
                        + " the busy: " + busyS + ", " + stealS);
            }
        }
    }

    /**
     * The generator's counts at the edges of the window where the CPU was read: what that CPU served.
     *
     * @param answered       answers that completed between the edges, to any request (the warm-up's still in
     *                       flight at the opening included, the drain before the closing too)
     * @param failed         requests that failed between the edges (timed out, refused, broken)
     * @param inFlightAtOpen requests in flight when the window opened, part of whose work came before it
     * @param leftInFlight   requests still in flight when the window closed (a step stopped early leaves its queue),
     *                       part of whose work came within it
     */
    public record Served(long answered, long failed, int inFlightAtOpen, int leftInFlight) {
        public Served {
            if (answered < 0 || failed < 0 || inFlightAtOpen < 0 || leftInFlight < 0) {
                throw new IllegalArgumentException("counts are not negative: " + answered + ", " + failed + ", "
                        + inFlightAtOpen + ", " + leftInFlight);
            }
        }
    }

    /** The window's edges on the wall clock: where the flight recording's events are placed in or out of it. */
    public record Window(Instant opened, Instant closed) {
        public Window {
            if (closed.isBefore(opened)) {
                throw new IllegalArgumentException("a window closes after it opens: " + opened + " to " + closed);
            }
        }

        public double seconds() {
            return Duration.between(opened, closed).toNanos() / 1e9;
        }

        /** Whether an event that started at {@code at} falls in the window (its opening in, its closing out). */
        public boolean holds(Instant at) {
            return !at.isBefore(opened) && at.isBefore(closed);
        }
    }

    /**
     * What the service's flight recording held inside a window, by each event's start.
     *
     * @param collections  garbage collections ({@code jdk.GarbageCollection})
     * @param gcPauseMs    their pauses added up ({@code sumOfPauses})
     * @param compilations methods the JIT compiled ({@code jdk.Compilation}); their durations are wall time
     *                     that counts a compiler thread's wait for a core, so the JIT's CPU is read apart
     *                     ({@link StepUsage#jitCpuS})
     */
    public record Recorded(long collections, double gcPauseMs, long compilations) {
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
