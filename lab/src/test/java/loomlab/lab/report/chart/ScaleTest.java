package loomlab.lab.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ScaleTest {
    @Test
    void aLinearScaleCoversTheValuesInRoundStepsFromZero() {
        LinearScale scale = LinearScale.covering(17.7, 391, true);
        assertEquals(new LinearScale(0, 400, 100), scale);
        assertEquals(List.of("0", "100", "200", "300", "400"), labels(scale));
        assertEquals(0.5, scale.fraction(200), 1e-12);
    }

    @Test
    void stepsAreOneTwoOrFiveTimesAPowerOfTen() {
        assertEquals(0.5, LinearScale.niceStep(0.31), 1e-12);
        assertEquals(2, LinearScale.niceStep(1.2), 1e-12);
        assertEquals(1000, LinearScale.niceStep(780), 1e-12);
        assertEquals(List.of("0", "0.5", "1", "1.5", "2", "2.5"), labels(LinearScale.covering(0.2, 2.3, true)));
    }

    @Test
    void largeValuesAreLabelledInThousands() {
        assertEquals(List.of("0", "5k", "10k", "15k"), labels(LinearScale.covering(0, 12563, true)));
    }

    @Test
    void aScaleOfOneValueStillHasARange() {
        LinearScale scale = LinearScale.covering(0, 0, true);
        assertEquals(0, scale.low());
        assertTrue(scale.high() > 0);
    }

    @Test
    void aLogScaleEndsOnRoundValuesCloseToTheData() {
        LogScale scale = LogScale.covering(51, 12563);
        assertEquals(new LogScale(50, 15_000), scale);
        assertEquals(List.of("50", "100", "1000", "10k"), labels(scale));
        assertEquals(new LogScale(1000, 1200), LogScale.covering(1001, 1012));
        assertEquals(0.5, new LogScale(1, 100).fraction(10), 1e-12);
        assertFalse(scale.shows(0));
        assertFalse(scale.shows(Double.NaN));
    }

    @Test
    void aLogScaleOfTwoDecadesTicksAtOneTwoAndFive() {
        assertEquals(List.of("1", "2", "5", "10", "20", "50", "100"), labels(LogScale.covering(1, 100)));
    }

    @Test
    void aLogScaleWithinOneDecadeTicksInRoundLinearSteps() {
        assertEquals(List.of("50", "60", "70", "80"), labels(LogScale.covering(51, 62)));
    }

    @Test
    void fixedTicksReplaceTheComputedOnes() {
        Scale scale = new LogScale(1, 10_000).withTicks(List.of(new Tick(2, "50%"), new Tick(10_000, "max")));
        assertEquals(List.of("50%", "max"), labels(scale));
        assertEquals(1.0, scale.fraction(10_000), 1e-12);
    }

    @Test
    void anAutomaticAxisTurnsLogarithmicOnlyForWideRanges() {
        assertTrue(Axis.auto("ms").scaleFor(List.of(1.0, 1000.0)) instanceof LogScale);
        assertTrue(Axis.auto("ms").scaleFor(List.of(10.0, 200.0)) instanceof LinearScale);
        assertTrue(Axis.log("ms").scaleFor(List.of(0.0, 10.0, 200.0)) instanceof LogScale);
    }

    private static List<String> labels(Scale scale) {
        return scale.ticks().stream().map(Tick::label).toList();
    }
}
