package loomlab.core.finding;

import loomlab.core.arm.ArmKey;
import loomlab.core.bound.Bound;

/**
 * An arm's headline figure beside its bound, with the bound's inputs.
 *
 * @param measured   throughput of successful requests, or elapsed time
 * @param efficiency measured over bound for rates, bound over measured for times
 */
public record AgainstBound(ArmKey arm, Measure measure, double measured, Bound bound, double efficiency)
        implements BoundFinding {
}
