package loomlab.core.arm;

import loomlab.core.bound.Bound;
import loomlab.core.bound.CpuTerm;
import loomlab.core.bound.LittlesLaw;
import loomlab.core.bound.WaitTerm;

/**
 * An arm's figures set against the best it could have done: the bound with its inputs, and the
 * efficiency of its successful requests (1.0: the bound was reached; above 1.02: a flag).
 *
 * @param bound      the tighter of the waiting and the CPU ceilings, or {@link Bound#NONE}
 * @param efficiency measured over bound for rates, bound over measured for times; null without a bound
 */
public record BoundCheck(Bound bound, Double efficiency) {

    /** Sets the measured figures against the plan's bound, computed from what the runner read. */
    public static BoundCheck of(HttpArmPlan plan, HttpMeasurement measured, BoundReadings readings) {
        long successful = measured.successfulRequests();
        if (successful == 0) {
            return new BoundCheck(Bound.NONE, null);
        }
        long counted = plan.countsRequests() ? successful : 0;
        Bound bound = Bound.tighterOf(waitTerm(plan, readings, counted),
                CpuTerm.of(readings.processes(), measured.requests(), readings.cores(), counted));
        if (!bound.exists()) {
            return new BoundCheck(bound, null);
        }
        return new BoundCheck(bound, plan.countsRequests()
                ? LittlesLaw.timeEfficiency(measured.elapsedS(), bound.elapsedS())
                : LittlesLaw.rateEfficiency(successful / measured.elapsedS(), bound.rps()));
    }

    /**
     * The waiting term: W is the endpoint's own wait, or for a request with none, its latency on the
     * unloaded, warmed-up server; without either there is no waiting term.
     */
    static WaitTerm waitTerm(HttpArmPlan plan, BoundReadings readings, long counted) {
        var own = plan.endpoint().waitMillis();
        double waitS;
        WaitTerm.Source source;
        if (own.isPresent() && own.getAsLong() > 0) {
            waitS = own.getAsLong() / 1000.0;
            source = WaitTerm.Source.ENDPOINT_WAIT;
        } else if (readings.unloadedLatencyS() != null && readings.unloadedLatencyS() > 0) {
            waitS = readings.unloadedLatencyS();
            source = WaitTerm.Source.UNLOADED_LATENCY;
        } else {
            return null;
        }
        return WaitTerm.of(plan.users(), plan.serverLimit(), waitS, source, plan.load().pause(), counted);
    }

    public Double boundRps() {
        return bound.rps();
    }

    public Double boundElapsedS() {
        return bound.elapsedS();
    }
}
