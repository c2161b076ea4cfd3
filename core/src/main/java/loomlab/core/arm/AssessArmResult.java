package loomlab.core.arm;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import loomlab.core.assess.ArmSetup;
import loomlab.core.assess.AssessRepeats;
import loomlab.core.assess.Capacity;
import loomlab.core.assess.CurvePoint;
import loomlab.core.assess.DecidingWindows;
import loomlab.core.assess.PinningFigures;
import loomlab.core.assess.ServiceCosts;
import loomlab.core.assess.ThreadsSeen;
import loomlab.core.assess.Warming;
import loomlab.core.assess.WarmupEvidence;
import loomlab.core.assess.WhoseLimit;
import loomlab.core.breakage.Outcome;
import loomlab.core.breakage.WatchReport;

/**
 * An assessed arm as it ran: the closed-model curve, the capacity found in the open model, what
 * the service cost, and where it pinned. A service that died partway keeps what was measured
 * before, with the reason in {@code failure}.
 *
 * @param failure why the arm stopped before its end (with the service's log tail), or null
 * @param watch   how it ended (completed, hung, died), the hang and the stalls the watchdog caught
 * @param switched whether a thread dump taken while the curve ran showed virtual threads serving requests
 *                (the virtual arm) or none (the platform arm): an arm not switched compares nothing; null
 *                when no dump could tell
 * @param repeats  every run when the arm ran more than once ({@code --repeat}), this being the median
 *                 run; null when it ran once
 * @param warmup   what its warm-up to a steady state showed ({@link WarmupEvidence}), or null when the
 *                 profile warms no arm that way
 * @param deciding its windows at the rate that decides between its capacity and the other arm's, offered to
 *                 the arms in turn after both searches ({@link DecidingWindows}); null where none was measured
 */
public record AssessArmResult(ArmKey key, ArmSetup setup, List<CurvePoint> curve, Capacity capacity,
                              ServiceCosts costs, PinningFigures pinning, String failure, WatchReport watch,
                              ThreadsSeen switched, AssessRepeats repeats, WarmupEvidence warmup,
                              DecidingWindows deciding) implements Watched {
    public AssessArmResult {
        curve = List.copyOf(curve);
        watch = watch == null ? WatchReport.NOT_WATCHED : watch;
    }

    /** An arm that ran once, with no warm-up to a steady state. */
    public AssessArmResult(ArmKey key, ArmSetup setup, List<CurvePoint> curve, Capacity capacity, ServiceCosts costs,
                           PinningFigures pinning, String failure, WatchReport watch, ThreadsSeen switched) {
        this(key, setup, curve, capacity, costs, pinning, failure, watch, switched, null, null, null);
    }

    /** An arm with no deciding windows. */
    public AssessArmResult(ArmKey key, ArmSetup setup, List<CurvePoint> curve, Capacity capacity, ServiceCosts costs,
                           PinningFigures pinning, String failure, WatchReport watch, ThreadsSeen switched,
                           AssessRepeats repeats, WarmupEvidence warmup) {
        this(key, setup, curve, capacity, costs, pinning, failure, watch, switched, repeats, warmup, null);
    }

    /** This run, the median of {@code repeats}. */
    public AssessArmResult withRepeats(AssessRepeats runs) {
        return new AssessArmResult(key, setup, curve, capacity, costs, pinning, failure, watch, switched, runs, warmup,
                deciding);
    }

    /** This arm with its endpoint code counted, runs included. */
    public AssessArmResult withSetup(ArmSetup other) {
        return new AssessArmResult(key, other, curve, capacity, costs, pinning, failure, watch, switched, repeats,
                warmup, deciding);
    }

    /** This arm with what its warm-up showed. */
    public AssessArmResult withWarmup(WarmupEvidence evidence) {
        return new AssessArmResult(key, setup, curve, capacity, costs, pinning, failure, watch, switched, repeats,
                evidence, deciding);
    }

    /** This arm with its windows at the deciding rate. */
    public AssessArmResult withDeciding(DecidingWindows windows) {
        return new AssessArmResult(key, setup, curve, capacity, costs, pinning, failure, watch, switched, repeats,
                warmup, windows);
    }

    /**
     * Whose limit this run's capacity is: the service's, the machine's, the generator's, the search's, or the
     * warm-up's, as a comparison reads the capacity ({@link #comparedAs}).
     */
    public WhoseLimit whoseLimit() {
        return WhoseLimit.of(comparedAs(capacity), costs, setup.cores());
    }

    /**
     * Whether every run was warmed to a steady state: false when any run's warm-up ended at its cap unsettled
     * (its figures are kept, and no lead rests on them), true when every run settled, null when no run was
     * warmed that way.
     */
    public Boolean steady() {
        List<WarmupEvidence> each = runs().stream().map(AssessArmResult::warmup).filter(Objects::nonNull)
                .toList();
        return each.isEmpty() ? null : each.stream().allMatch(WarmupEvidence::steady);
    }

    /** The capacity that every run allows: its own when it ran once, else the span of its runs'. */
    public Capacity capacityOverRuns() {
        return repeats == null ? capacity : repeats.capacity(this);
    }

    /**
     * Evidence that the arm was still warming when the failure at its bracket's upper end was measured
     * ({@link Warming}); none over repeated runs (their span stands) or for an arm that did not finish.
     */
    public Optional<Warming> warming() {
        return repeats == null && complete() && watch.outcome() == Outcome.COMPLETED
                ? Warming.of(capacity, setup.cores()) : Optional.empty();
    }

    /**
     * {@code capacity} as a comparison reads it: open above when the arm was still warming, the JIT's
     * compilations accounting for its failed step's extra CPU ({@link Warming#stillWarming()}); as measured
     * otherwise.
     */
    public Capacity comparedAs(Capacity capacity) {
        return warming().filter(Warming::stillWarming).isPresent() ? capacity.warmingAbove() : capacity;
    }

    /**
     * The capacity of each run, with their median, least and most: null when the arm ran once, or when a run
     * passed no rate (its capacity is then only "below" a rate, no figure to set among the others).
     */
    public Spread capacityOverRunsSpread() {
        if (repeats == null || runs().stream().anyMatch(r -> r.capacity().rps() == null)) {
            return null;
        }
        return Spread.of(runs().stream().map(r -> r.capacity().rps()).toList());
    }

    /** Every run: this one alone when it ran once. */
    public List<AssessArmResult> runs() {
        return repeats == null ? List.of(this) : repeats.runs();
    }

    /** Every error of every measured step: the curve's and the search's (those past the capacity included). */
    public long errors() {
        return curve.stream().mapToLong(CurvePoint::errors).sum()
                + capacity.steps().stream().mapToLong(s -> s.step().errors()).sum();
    }

    public boolean complete() {
        return failure == null;
    }

    /** An assessment counts no one figure of answers: its curve and steps each have their own. */
    @Override
    public Long answered() {
        return null;
    }
}
