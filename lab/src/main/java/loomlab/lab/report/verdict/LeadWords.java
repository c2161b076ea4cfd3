package loomlab.lab.report.verdict;

import static loomlab.core.Figures.num;
import static loomlab.core.Figures.times;

import loomlab.core.arm.ArmKey;
import loomlab.core.finding.ComparisonFinding;
import loomlab.core.finding.Lead;
import loomlab.core.finding.Leader;
import loomlab.core.finding.Measure;
import loomlab.core.finding.PublishedLead;

/** Who led, by how much, worded the way the measure reads: more throughput, a shorter time, a lower p99. */
final class LeadWords {
    private LeadWords() {
    }

    static String sentence(Lead lead) {
        Measure measure = lead.measure();
        String figures = num(lead.firstValue()) + " against " + num(lead.secondValue()) + " " + measure.unit();
        return switch (lead.leader()) {
            case FIRST -> lead.first() + " led " + lead.second() + " on " + measure.label() + ": " + figures + ", "
                    + times(lead.factor()) + " " + better(measure) + ".";
            case SECOND -> lead.second() + " led " + lead.first() + " on " + measure.label() + ": "
                    + num(lead.secondValue()) + " against " + num(lead.firstValue()) + " " + measure.unit() + ", "
                    + times(lead.factor()) + " " + better(measure) + ".";
            case NEITHER -> lead.byRanges() ? "Neither " + lead.first() + " nor " + lead.second() + " clearly led on "
                    + measure.label() + ": " + figures + ", and their measured ranges overlap ("
                    + range(lead.firstRange()) + " against " + range(lead.secondRange()) + " " + measure.unit() + ")."
                    : oneRun(lead);
        };
    }

    /**
     * A comparison without a measured spread names no lead: {@code One run: spread not measured, so no lead is
     * named: A against B on elapsed time, 2.83 against 3.21 s, 1.1x shorter.}, the better figure first.
     */
    static String oneRun(Lead lead) {
        return AssessWords.ONE_RUN + ", so no lead is named: " + oneRunFigures(lead) + ".";
    }

    /**
     * The same in fewer words, the figures first and the note last, for a headline whose flags come
     * ahead of it: {@code A against B on elapsed time, 2.83 against 3.21 s, 1.1x shorter (one run: no lead).}
     * The long form's opening would push the factor past the headline's length.
     */
    static String headline(Lead lead) {
        return lead.leader() == Leader.NEITHER && !lead.byRanges() ? oneRunFigures(lead) + " (one run: no lead)."
                : sentence(lead);
    }

    /** {@code A against B on elapsed time, 2.83 against 3.21 s, 1.1x shorter}, the better figure first. */
    private static String oneRunFigures(Lead lead) {
        Measure measure = lead.measure();
        boolean secondAhead = lead.ahead() == Leader.SECOND;
        ArmKey better = secondAhead ? lead.second() : lead.first();
        ArmKey other = secondAhead ? lead.first() : lead.second();
        double betterValue = secondAhead ? lead.secondValue() : lead.firstValue();
        double otherValue = secondAhead ? lead.firstValue() : lead.secondValue();
        return better + " against " + other + " on " + measure.label() + ", " + num(betterValue) + " against "
                + num(otherValue) + " " + measure.unit() + (lead.ahead() == Leader.NEITHER
                || times(lead.factor()).equals(times(1.0)) ? "" : ", " + times(lead.factor()) + " " + better(measure));
    }

    private static String range(Lead.Range range) {
        return num(range.low()) + " to " + num(range.high());
    }

    /**
     * The seed's own two figures, and whose was the better by how much: one figure each, with no spread
     * published, so they name no lead.
     */
    static String published(PublishedLead lead) {
        String figures = lead.firstFigure().display() + " for " + kind(lead.first()) + " against "
                + lead.secondFigure().display() + " for " + kind(lead.second());
        String none = " (one figure each, no spread published)";
        return switch (lead.leader()) {
            case FIRST -> "The seed published " + figures + ": " + kind(lead.first()) + "'s "
                    + ahead(lead.firstFigure().value(), lead.secondFigure().value(), lead.measure()) + " "
                    + better(lead.measure()) + none + ".";
            case SECOND -> "The seed published " + figures + ": " + kind(lead.second()) + "'s "
                    + ahead(lead.secondFigure().value(), lead.firstFigure().value(), lead.measure()) + " "
                    + better(lead.measure()) + none + ".";
            case NEITHER -> "The seed published " + figures + ", the same" + none + ".";
        };
    }

    /** The thread model of an arm, which is what the seed's own comparison was between. */
    private static String kind(ArmKey arm) {
        return arm.mode() + (arm.params().isEmpty() ? "" : " (" + arm.paramsShown() + ")");
    }

    /** {@code 1.7x}: the better figure over the worse, read the measure's way. */
    private static String ahead(double better, double worse, Measure measure) {
        return times(measure.higherIsBetter() ? better / worse : worse / better);
    }

    private static String better(Measure measure) {
        return switch (measure) {
            case ELAPSED, WALL_TIME, IN_PROCESS_TIME, ANSWER_TIME -> "shorter";
            case P99, LIGHT_DELAY_SUM, LIGHT_DELAY_P99, PEAK_RSS, RSS_PER_THREAD, RSS_PER_CONNECTION, MESSAGE_P99 -> "lower";
            case THROUGHPUT, GOODPUT, OPS, CAPACITY, THREADS_HELD, ANSWERED, CONNECTIONS_HELD, CONNECT_RATE -> "higher";
        };
    }

    /** The sentence of a finding of this family. */
    static String of(ComparisonFinding finding) {
        return switch (finding) {
            case Lead lead -> sentence(lead);
            case PublishedLead lead -> published(lead);
        };
    }
}
