package loomlab.core.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import loomlab.core.experiment.Profile;
import org.junit.jupiter.api.Test;

class AssessProfileTest {
    @Test
    void aStepLastsTwentyTargetsWithinOneToThreeProfileSteps() {
        assertEquals(Duration.ofSeconds(4), AssessProfile.QUICK.stepLength(200));
        assertEquals(Duration.ofSeconds(3), AssessProfile.QUICK.stepLength(50), "never shorter than the profile's");
        assertEquals(Duration.ofSeconds(9), AssessProfile.QUICK.stepLength(2000), "never longer than three of them");
        assertEquals(Duration.ofSeconds(10), AssessProfile.FULL.stepLength(200));
        assertEquals(Duration.ofSeconds(20), AssessProfile.FULL.stepLength(1000));
    }

    @Test
    void aStepAtALowRateIsLengthenedTowardsTwoHundredAnswersUpToTwoProfileSteps() {
        assertEquals(Duration.ofSeconds(4), AssessProfile.QUICK.stepLength(200, 1000), "4 s hold 4,000 answers");
        assertEquals(Duration.ofSeconds(5), AssessProfile.QUICK.stepLength(200, 40), "200 answers at 40 req/s");
        assertEquals(Duration.ofSeconds(6), AssessProfile.QUICK.stepLength(200, 5), "at most two profile steps");
        assertEquals(Duration.ofSeconds(9), AssessProfile.QUICK.stepLength(2000, 5), "never shorter than for the target");
    }

    @Test
    void theTestProfilesStepsLastItsOneSecondWhateverTheTargetOrRate() {
        assertEquals(Duration.ofSeconds(1), AssessProfile.TEST.stepLength(500));
        assertEquals(Duration.ofSeconds(1), AssessProfile.TEST.stepLength(500, 5));
        assertEquals(Duration.ofSeconds(1), AssessProfile.TEST.stepLength(20, 10_000));
    }

    @Test
    void anotherBoundOnTheStepsChangesNothingElse() {
        AssessProfile four = AssessProfile.TEST.withMaxSteps(4);
        assertEquals(4, four.maxSteps());
        assertEquals(3, AssessProfile.TEST.maxSteps(), "the test profile itself is unchanged");
        assertEquals(AssessProfile.TEST, four.withMaxSteps(AssessProfile.TEST.maxSteps()));
        assertEquals(4, four.search(200).maxSteps());
    }

    @Test
    void aLongestStepShorterThanAStepIsRefused() {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new AssessProfile("x",
                java.util.List.of(1), Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(1),
                Duration.ofSeconds(2), 1, 100, 0, 4, Duration.ofSeconds(1)));
    }

    @Test
    void theProfilesSweepAsDocumented() {
        assertEquals(java.util.List.of(1, 16, 64), AssessProfile.of(Profile.QUICK).curveUsers());
        assertEquals(java.util.List.of(1, 4, 16, 64, 256), AssessProfile.of(Profile.FULL).curveUsers());
        SearchSettings search = AssessProfile.QUICK.search(150);
        assertEquals(150, search.sloP99Ms());
        assertEquals(2, search.growth());
        assertEquals(0.05, search.precision());
    }
}
