package loomlab.core.assess;

import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmResult;

/**
 * An assessed arm as it ran: the closed-model curve, the capacity found in the open model, what
 * the service cost, and where it pinned. A service that died partway keeps what was measured
 * before, with the reason in {@code failure}.
 *
 * @param failure why the arm stopped before its end (with the service's log tail), or null
 */
public record AssessArmResult(ArmKey key, ArmSetup setup, List<CurvePoint> curve, Capacity capacity,
                              ServiceCosts costs, PinningFigures pinning, String failure) implements ArmResult {
    public AssessArmResult {
        curve = List.copyOf(curve);
    }

    /** Every error of every measured step: the curve's and the search's (those past the capacity included). */
    public long errors() {
        return curve.stream().mapToLong(CurvePoint::errors).sum()
                + capacity.steps().stream().mapToLong(s -> s.step().errors()).sum();
    }

    public boolean complete() {
        return failure == null;
    }
}
