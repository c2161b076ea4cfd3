package loomlab.core.assess;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The highest arrival rate a service answers within a p99 target with no errors, searched as a
 * pure function of the steps measured so far: the caller measures the rate {@link #next} names
 * until it names none, then asks for the {@link #result}. No clock, no randomness.
 *
 * <p>A stepped ramp brackets the capacity: from the start rate up by {@code growth} while rates
 * pass (to the cap at most, and to the rate the generator showed it can send: {@link GeneratorCeiling}),
 * or down while they fail (to the floor at most). Where the closed-model curve flattened
 * ({@link #saturationFrom}), the climb past its best throughput grows by {@link #PAST_SATURATION} only.
 * Then bisection, at the geometric middle of the bracket, until its ends are within the precision of
 * each other.
 *
 * <p>The rule for noise near the knee: <b>a rate passes only when every step at it passed and
 * every lower rate tried passed too</b>. A lucky pass above a failure does not count, and the final
 * rate is measured again ({@code confirmations}) before it counts, so one lucky step cannot set the
 * capacity: when the steps run short, the last ones go to that confirmation rather than to a finer
 * bracket, and a capacity that still rests on one step says so ({@link Capacity#confirmed}); an unlucky failure below the knee lowers it, which errs on the side a user can rely on.
 * A step stopped early, with errors, with no answer, or whose median was still climbing at its end
 * fails. A step the generator could not offer (its loop saturated, or late on its own schedule by a
 * tenth of the target) says nothing of the service at that rate, and only at that rate. When the
 * generator was only late, with CPU to spare, the rate is measured once more, and a step there that
 * the generator did offer stands for the rate. A rate never offered ends the climb with the capacity
 * at least the highest rate that passed (or, when none has yet, sends the search down to rates the
 * generator can offer), while a failure the generator did offer still counts.
 * An "at least" rate is measured again too before the search ends on it. A step that fails at a rate
 * above every rate offered before it is measured once more before it counts ({@link #measuresFirstAgain}): the
 * service met that load first there, and adapted to it inside the step's window. So is
 * a failure while the service's JIT was busy ({@link #failedWhileCompiling}): not yet warm for that load.
 */
public final class CapacitySearch {
    /** A median that rose by more than this share of the target through a step was still climbing. */
    public static final double STEADY_SHARE = 0.25;
    /**
     * Fewer answers than this make no p99 worth the name: such a step is judged by its slowest request,
     * which is at least its p99, so a pass it gives can be relied on.
     */
    public static final long MIN_SAMPLES = 200;
    /**
     * The generator's own lateness (sends late with a connection ready) above this share of the target
     * means it did not offer the rate: a step whose arrivals go out late measures the generator, not the
     * service, whoever pushed the generator off the CPU.
     */
    public static final double OFFER_LAG_SHARE = 0.1;
    /**
     * A step that failed while the service's JIT compiler threads used at least this share of one core (their
     * CPU, read at the window's edges) is measured once more before it counts. A service warmed to a
     * steady state at its warm-up's load meets new code paths at a rate several times higher (far more
     * requests in flight, the collector and the heap at a new size), and compiles again; the steady rule
     * allows a twentieth of a core, so five times that is a JIT busy with this load, not its background.
     */
    public static final double COMPILING_CORES = 0.25;
    /**
     * The climb's factor past a flattened curve's best throughput ({@link #saturationFrom}). That throughput
     * is what the service gave once its cores or its pool were full, so the open model's capacity lies
     * near or below it, and a doubled rate would offer about twice what the service can serve: thousands
     * of requests queue inside it within a second, and a service whose threads contend once many are in
     * flight (a lock, a pool, a carrier each) can stay slower after such a step than before it. A quarter
     * more overloads it by a quarter at most, and the bracket it leaves needs fewer bisections.
     */
    public static final double PAST_SATURATION = 1.25;
    /**
     * A curve flattened when its last point's throughput grew by less than this share of its users' growth
     * from the point before (64 users against 16 carrying less than 2.5x the throughput): more users
     * waited longer instead of being served more often.
     */
    public static final double FLATTENED_SHARE = 0.5;

    private final SearchSettings settings;
    private final double startRps;
    /** The flattened curve's best throughput; null where the curve did not flatten. */
    private final Double saturationRps;

    /** @param startRps the ramp's first rate, clamped to the floor and the cap */
    public CapacitySearch(SearchSettings settings, double startRps) {
        this(settings, startRps, OptionalDouble.empty());
    }

    /**
     * @param startRps   the ramp's first rate, clamped to the floor and the cap
     * @param saturation the closed-model curve's best throughput where it flattened ({@link #saturationFrom})
     */
    public CapacitySearch(SearchSettings settings, double startRps, OptionalDouble saturation) {
        this.settings = settings;
        this.startRps = Math.clamp(startRps, settings.floorRps(), settings.capRps());
        this.saturationRps = saturation.isPresent() && saturation.getAsDouble() > 0 ? saturation.getAsDouble() : null;
    }

    /**
     * The best throughput of a closed-model curve that flattened: its last point, with no errors, carried
     * less than {@link #FLATTENED_SHARE} of its users' growth over the point before (say 16 to 64 users
     * for 3,110 to 4,050 req/s, or for less than before). Empty where the curve still rose with its users
     * (a service that waits, whose throughput follows its users), or had fewer than two points without errors.
     */
    public static OptionalDouble saturationFrom(List<CurvePoint> curve) {
        List<CurvePoint> clean = curve.stream().filter(p -> p.errors() == 0 && p.throughputRps() > 0).toList();
        if (clean.size() < 2) {
            return OptionalDouble.empty();
        }
        CurvePoint before = clean.get(clean.size() - 2);
        CurvePoint last = clean.getLast();
        double usersGrowth = (double) last.users() / before.users();
        boolean flattened = usersGrowth > 1
                && last.throughputRps() < before.throughputRps() * (1 + FLATTENED_SHARE * (usersGrowth - 1));
        return flattened ? clean.stream().mapToDouble(CurvePoint::throughputRps).max() : OptionalDouble.empty();
    }

    public SearchSettings settings() {
        return settings;
    }

    /**
     * A start from the closed-model curve: half the best throughput among the steps that met the
     * target with no errors (half the first step's when none did), so the ramp's first rate passes
     * for most services and the next one or two find the knee.
     */
    public static double startFrom(List<CurvePoint> curve, double sloP99Ms, double fallbackRps) {
        OptionalDouble best = curve.stream().filter(p -> p.errors() == 0 && p.p99Ms() != null && p.p99Ms() <= sloP99Ms)
                .mapToDouble(CurvePoint::throughputRps).max();
        if (best.isPresent() && best.getAsDouble() > 0) {
            return best.getAsDouble() / 2;
        }
        return curve.isEmpty() || !(curve.getFirst().throughputRps() > 0) ? fallbackRps
                : curve.getFirst().throughputRps() / 2;
    }

    /**
     * How a step went: the figures against the target, or a rate the generator could not offer. A step
     * that met the target passed even when the generator was late: latency counts from the intended send,
     * so the generator's lateness can only have made the service look slower. A miss is the service's
     * when the generator kept to the rate, and also when its tail is past the target by more than the
     * generator's own worst lateness, which is all the generator can have added to any request: a
     * service far past its capacity is not excused by a loop that was a little late beside it.
     */
    public Capacity.Outcome judge(CapacityStep step) {
        Double tail = step.requests() < MIN_SAMPLES && step.maxMs() != null ? step.maxMs() : step.p99Ms();
        boolean met = step.stoppedEarly() == null && step.errors() == 0 && step.requests() > 0
                && tail != null && tail <= settings.sloP99Ms() && steady(step);
        if (met) {
            return Capacity.Outcome.PASSED;
        }
        boolean missedByItself = !step.generator().saturated() && tail != null
                && tail - step.generator().maxLoopLagMs() > settings.sloP99Ms();
        return offered(step) || missedByItself ? Capacity.Outcome.FAILED : Capacity.Outcome.NOT_OFFERED;
    }

    /** The generator kept to the rate: its loop was not saturated, nor late on its own by a share of the target. */
    public boolean offered(CapacityStep step) {
        CapacityStep.GeneratorSide generator = step.generator();
        return !generator.saturated() && generator.maxLoopLagMs() <= OFFER_LAG_SHARE * settings.sloP99Ms();
    }

    /**
     * The median did not keep rising through the step: by no more than {@link #STEADY_SHARE} of the
     * target from its first whole second to its last. A rate a little past the capacity grows a queue
     * slowly, so its p99 may stay under the target for a short step while its median climbs.
     */
    public boolean steady(CapacityStep step) {
        return step.p50RiseMs() == null || step.p50RiseMs() <= STEADY_SHARE * settings.sloP99Ms();
    }

    /** The rate to measure next, or empty when the search is done. */
    public Optional<Double> next(List<CapacityStep> measured) {
        if (measured.isEmpty()) {
            return Optional.of(startRps);
        }
        if (measured.size() >= settings.maxSteps()) {
            return Optional.empty();
        }
        CapacityStep last = measured.getLast();
        if (measuresFirstAgain(measured)) {
            return Optional.of(last.rateRps());
        }
        State state = State.of(measured, this);
        Optional<Double> owed = owedConfirmation(measured, state);
        if (owed.isPresent()) {
            return owed;
        }
        if (lateOnce(last, measured) || compilingOnce(last, measured)) {
            return Optional.of(last.rateRps());
        }
        if (state.lowestFail == null) {
            if (state.highestPass == null) {
                // Only rates the generator could not offer: lower ones it may.
                return descend(state.lowestTried);
            }
            double top = state.highestPass;
            Optional<GeneratorCeiling> ceiling = ceiling(measured);
            if (state.notOffered != null || top >= settings.capRps()
                    || ceiling.filter(c -> c.reachedBy(top, settings.precision())).isPresent()) {
                return confirm(measured, top); // "at least" this rate: measured again before it counts
            }
            double higher = Math.min(climb(top), settings.capRps());
            return Optional.of(ceiling.map(c -> Math.min(higher, c.rps())).orElse(higher));
        }
        if (state.highestPass == null) {
            return descend(state.lowestTried);
        }
        double low = state.highestPass;
        double high = state.lowestFail;
        if (state.notOffered != null && state.notOffered > low && state.notOffered < high) {
            return confirm(measured, low); // the generator cannot offer what lies between: the bracket stays wide
        }
        if (high / low > 1 + settings.precision()) {
            return Optional.of(between(low, high));
        }
        return confirm(measured, low);
    }

    /**
     * The next rate up from the highest that passed: {@code growth} times it, but no more than
     * {@link #PAST_SATURATION} times the flattened curve's best (or the rate, when it passed that already)
     * until a rate that far past the curve has passed. Then the curve was no bound, and the climb grows
     * as usual.
     */
    double climb(double top) {
        double grown = top * settings.growth();
        if (saturationRps == null || top >= saturationRps * PAST_SATURATION) {
            return grown;
        }
        return Math.min(grown, Math.max(saturationRps, top) * PAST_SATURATION);
    }

    /**
     * The step was not offered because the generator sent late, its loop not saturated, and it is the
     * only step at its rate: lateness with CPU to spare is the generator pushed off the CPU for a while
     * (the service compiling, a collection), which the same rate measured again may not meet.
     */
    private boolean lateOnce(CapacityStep step, List<CapacityStep> measured) {
        return judge(step) == Capacity.Outcome.NOT_OFFERED && !step.generator().saturated()
                && measured.stream().filter(s -> s.rateRps() == step.rateRps()).count() == 1;
    }

    /**
     * The step failed while the service's JIT compiled for {@link #COMPILING_CORES} of a core or more: the
     * service was not yet warm for the step's load, so the failure need not be the warm service's.
     * False where the JIT's counters were not read.
     */
    public boolean failedWhileCompiling(CapacityStep step) {
        Double jit = step.compilingCores();
        return jit != null && jit >= COMPILING_CORES && judge(step) == Capacity.Outcome.FAILED;
    }

    /**
     * The step failed while the service compiled ({@link #failedWhileCompiling}) and is the only one at its
     * rate: the rate is measured once more, and the failure counts only if that step fails too.
     */
    private boolean compilingOnce(CapacityStep step, List<CapacityStep> measured) {
        return failedWhileCompiling(step) && measured.stream().filter(s -> s.rateRps() == step.rateRps()).count() == 1;
    }

    /**
     * The last step failed at the service's first meeting with its load ({@link #firstMeeting}), is the only
     * step at its rate, and steps are left beyond the one that measures it again: it is measured once more, and
     * the second stands for the rate. A JVM meets a load higher than any before by adapting to it: the
     * collector grows the heap, the JIT compiles the paths the new mix of timings takes, the pools grow their
     * threads. A step at that load pays for it inside its window, and the steps after it at the same load do
     * not (docs/reactive.md, "Each arm", step 3, for a first step; docs/assess.md, "Measured side by side", for
     * a climb's). Without the second look the search ends below a rate the service carries, on an adaptation
     * that a service in production has long made.
     */
    public boolean measuresFirstAgain(List<CapacityStep> measured) {
        if (measured.isEmpty() || measured.size() + 1 >= settings.maxSteps()) {
            return false;
        }
        CapacityStep last = measured.getLast();
        return judge(last) == Capacity.Outcome.FAILED && firstMeeting(measured, measured.size() - 1)
                && measured.stream().filter(s -> s.rateRps() == last.rateRps()).count() == 1;
    }

    /**
     * Whether step {@code index} met its load first: every step before it that the generator offered had a
     * lower rate (the first step always does). Only the climb meets new loads; a bisection or a descent offers
     * rates below one already offered.
     */
    private boolean firstMeeting(List<CapacityStep> measured, int index) {
        double rate = measured.get(index).rateRps();
        return measured.subList(0, index).stream()
                .allMatch(s -> s.rateRps() < rate || judge(s) == Capacity.Outcome.NOT_OFFERED);
    }

    /**
     * The steps the search judges by: all but a failure that was measured again, one at the service's first
     * meeting with its load ({@link #measuresFirstAgain}) or one while the service compiled
     * ({@link #failedWhileCompiling}); the step after it at the same rate stands for the rate.
     */
    static List<CapacityStep> counted(List<CapacityStep> measured, CapacitySearch search) {
        List<CapacityStep> kept = new ArrayList<>();
        for (int i = 0; i < measured.size(); i++) {
            CapacityStep step = measured.get(i);
            boolean measuredAgain = measured.subList(i + 1, measured.size()).stream()
                    .anyMatch(later -> later.rateRps() == step.rateRps());
            boolean failed = search.judge(step) == Capacity.Outcome.FAILED;
            boolean metFirst = failed && measuredAgain && search.firstMeeting(measured, i);
            boolean compiling = measuredAgain && search.failedWhileCompiling(step);
            if (!metFirst && !compiling) {
                kept.add(step);
            }
        }
        return kept;
    }

    /**
     * The highest rate that passed, measured again, when the steps left are only enough for the
     * confirmations it still lacks: a short search spends its last steps confirming what it found rather
     * than bisecting further, so that its capacity never rests on one step that may have been lucky. The
     * bracket stays wider by the bisection given up.
     */
    private Optional<Double> owedConfirmation(List<CapacityStep> measured, State state) {
        if (state.highestPass == null || settings.confirmations() == 0) {
            return Optional.empty();
        }
        long times = counted(measured, this).stream().filter(s -> s.rateRps() == state.highestPass).count();
        long owed = 1 + settings.confirmations() - times;
        return owed > 0 && measured.size() + owed >= settings.maxSteps() ? Optional.of(state.highestPass)
                : Optional.empty();
    }

    /** The final rate again until it was measured 1 + confirmations times, then the end. */
    private Optional<Double> confirm(List<CapacityStep> measured, double rate) {
        long times = counted(measured, this).stream().filter(s -> s.rateRps() == rate).count();
        return times < 1 + settings.confirmations() ? Optional.of(rate) : Optional.empty();
    }

    /** The next rate down from the lowest tried, or none below the floor. */
    private Optional<Double> descend(double lowest) {
        return lowest <= settings.floorRps() ? Optional.empty() : Optional.of(Math.max(lowest / settings.growth(),
                settings.floorRps()));
    }

    /** What the steps show, at any point of the search. */
    public Capacity result(List<CapacityStep> measured) {
        if (measured.isEmpty()) {
            return Capacity.NOT_MEASURED;
        }
        List<Capacity.TriedStep> steps = measured.stream().map(s -> new Capacity.TriedStep(s, judge(s))).toList();
        State state = State.of(measured, this);
        if (state.lowestFail == null) {
            if (state.highestPass == null) {
                // Only rates the generator could not offer: nothing is known of the service.
                return new Capacity(Capacity.Kind.NOT_MEASURED, null, 0, null, Capacity.Limit.GENERATOR, steps);
            }
            double top = state.highestPass;
            GeneratorCeiling spent = state.notOffered != null ? null
                    : ceiling(measured).filter(c -> c.reachedBy(top, settings.precision())).orElse(null);
            Capacity.Limit limit = state.notOffered != null || spent != null ? Capacity.Limit.GENERATOR
                    : top >= settings.capRps() ? Capacity.Limit.CAP : Capacity.Limit.STEPS;
            return new Capacity(Capacity.Kind.AT_LEAST, top, top, null, limit, steps, spent);
        }
        if (state.highestPass == null) {
            return new Capacity(Capacity.Kind.BELOW_LOWEST, null, 0, state.lowestFail, null, steps);
        }
        return new Capacity(Capacity.Kind.BRACKETED, state.highestPass, state.highestPass, state.lowestFail, null,
                steps);
    }

    /** What the generator showed it can send, from the steps so far; empty when its loops are unknown. */
    public Optional<GeneratorCeiling> ceiling(List<CapacityStep> measured) {
        return GeneratorCeiling.of(counted(measured, this), this, settings.generatorLoops());
    }

    /** The geometric middle, rounded to three significant figures when that keeps it strictly inside. */
    static double between(double low, double high) {
        double middle = Math.sqrt(low * high);
        double scale = Math.pow(10, Math.floor(Math.log10(middle)) - 2);
        double rounded = Math.round(middle / scale) * scale;
        return rounded > low && rounded < high ? rounded : middle;
    }

    /**
     * The search's position: the lowest rate that failed (below the lowest the generator could not
     * offer), the highest rate below it that passed every time with every lower rate passing too,
     * the lowest rate the generator could not offer, and the lowest rate tried.
     */
    private record State(Double lowestFail, Double highestPass, Double notOffered, double lowestTried) {
        static State of(List<CapacityStep> all, CapacitySearch search) {
            List<CapacityStep> measured = counted(all, search);
            Double notOffered = null;
            Double lowestFail = null;
            double lowestTried = Double.POSITIVE_INFINITY;
            for (CapacityStep step : measured) {
                lowestTried = Math.min(lowestTried, step.rateRps());
                switch (search.judge(step)) {
                    case NOT_OFFERED -> {
                        if (!offeredAtItsRate(step, measured, search)) {
                            notOffered = notOffered == null ? step.rateRps() : Math.min(notOffered, step.rateRps());
                        }
                    }
                    case FAILED -> lowestFail = lowestFail == null ? step.rateRps()
                            : Math.min(lowestFail, step.rateRps());
                    case PASSED -> {
                    }
                }
            }
            // A rate the generator could not offer is unknown at that rate only: a failure it did offer,
            // above or below, still counts.
            double ceiling = lowestFail != null ? lowestFail : notOffered != null ? notOffered
                    : Double.POSITIVE_INFINITY;
            // Every rate below a passing one was tried and passed, since the lowest failure is above it.
            List<Double> passes = new ArrayList<>();
            for (CapacityStep step : measured) {
                if (step.rateRps() < ceiling && search.judge(step) == Capacity.Outcome.PASSED) {
                    passes.add(step.rateRps());
                }
            }
            Double highestPass = passes.stream().max(Double::compare).orElse(null);
            return new State(lowestFail, highestPass, notOffered, lowestTried);
        }

        /** Another step at the same rate was offered: what that one shows stands for the rate. */
        private static boolean offeredAtItsRate(CapacityStep step, List<CapacityStep> measured, CapacitySearch search) {
            return measured.stream().anyMatch(other -> other.rateRps() == step.rateRps()
                    && search.judge(other) != Capacity.Outcome.NOT_OFFERED);
        }
    }
}
