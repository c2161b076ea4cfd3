package loomlab.lab.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;

import loomlab.core.arm.ArmFlag;
import loomlab.core.bound.Bound;
import org.junit.jupiter.api.Test;

/** An efficiency above 100 % is never a win: within the bound's noise it reads as at the bound, past it as a problem. */
class FlagTextTest {
    @Test
    void anEfficiencyWithinTwoPercentAboveItsBoundReadsAsAtTheBoundAndBeyondAsAMeasurementProblem() {
        ArmFlag.AboveBound withinNoise = new ArmFlag.AboveBound(1.01, Bound.Basis.CPU);
        assertEquals("efficiency 101.0% is above its cpu bound by no more than the 2% of noise its measured inputs"
                + " carry: read it as at the bound, not past it", FlagText.of(withinNoise));
        assertEquals("at its bound (101.0%, within noise)", FlagText.brief(withinNoise));

        ArmFlag.AboveBound past = new ArmFlag.AboveBound(1.08, Bound.Basis.CPU);
        assertEquals("efficiency 108.0% is above its cpu bound by more than 2%: an input of the bound did not hold"
                + " here, a measurement problem, not a win", FlagText.of(past));
        assertEquals("above its bound (108.0%): a measurement problem", FlagText.brief(past));
    }
}
