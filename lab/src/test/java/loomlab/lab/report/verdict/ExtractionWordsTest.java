package loomlab.lab.report.verdict;

import static loomlab.core.assess.AssessFixtures.bracketed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import loomlab.core.arm.ArmKey;
import loomlab.core.assess.AssessFixtures;
import loomlab.core.assess.Capacity;
import loomlab.core.assess.ExtractedJar;
import loomlab.core.finding.CapacityLead;
import loomlab.core.finding.ExtractionEffect;
import org.junit.jupiter.api.Test;

/** What {@code --extracted} bought, in words: a lead only as every capacity comparison names one. */
class ExtractionWordsTest {
    private static final ArmKey FAT = AssessFixtures.key(AssessFixtures.VIRTUAL, null, 25);
    private static final ArmKey EXTRACTED = ExtractedJar.of(FAT);

    private static String words(Capacity fat, Capacity extracted, Double fatP99, Double extractedP99) {
        CapacityLead lead = CapacityLead.of(FAT, fat, EXTRACTED, extracted);
        return AssessWords.extraction(ExtractionEffect.judge(FAT, EXTRACTED, fat, extracted, lead, fatP99,
                extractedP99, 3, 0));
    }

    @Test
    void oneRunWhoseExtractedBracketLayAboveNamesNoLeadAndSaysWhose() {
        String said = words(bracketed(400, 420), bracketed(900, 950), 240.0, 60.0);
        assertEquals("The extracted jar (--extracted) on virtual threads: one run, so no lead is named (the extracted"
                + " jar's bracket lay above; a lead needs --repeat 4): virtual, extracted, JDK 25 900 req/s against"
                + " virtual, JDK 25 400 req/s (brackets 900-950 and 400-420 req/s) at the p99 target, 2.3x the fat jar's;"
                + " the curve's worst p99 60.0 against"
                + " 240 ms (apart by more than 2.0x, one run each: spread not measured); stalls 0 against 3 (counts"
                + " only: so few stalls could fall this way by chance).", said);
        assertFalse(said.contains("carried more"), said);
    }

    @Test
    void overlappingBracketsSayNeitherFormLedAndReversedTheFatJarsBracketAbove() {
        String overlap = words(bracketed(400, 420), bracketed(410, 430), 60.0, 60.0);
        assertTrue(overlap.contains(": neither form led, the ranges overlap: "), overlap);
        assertFalse(overlap.contains("apart by more than"), overlap);
        String fatAbove = words(bracketed(900, 950), bracketed(400, 420), 60.0, 60.0);
        assertTrue(fatAbove.contains("(the fat jar's bracket lay above;"), fatAbove);
    }
}
