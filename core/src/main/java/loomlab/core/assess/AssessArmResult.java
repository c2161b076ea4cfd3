package loomlab.core.assess;

import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmResult;
import loomlab.core.breakage.WatchReport;
import loomlab.core.breakage.Watched;

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
 */
public record AssessArmResult(ArmKey key, ArmSetup setup, List<CurvePoint> curve, Capacity capacity,
                              ServiceCosts costs, PinningFigures pinning, String failure, WatchReport watch,
                              ThreadsSeen switched) implements Watched {
    public AssessArmResult {
        curve = List.copyOf(curve);
        watch = watch == null ? WatchReport.NOT_WATCHED : watch;
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
