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
            case NEITHER -> "Neither " + lead.first() + " nor " + lead.second() + " clearly led on " + measure.label()
                    + ": " + figures + (lead.byRanges() ? ", and their measured ranges overlap (" + range(lead.firstRange())
                    + " against " + range(lead.secondRange()) + " " + measure.unit() + ")."
                    : ", within " + Math.round((Leader.MARGIN - 1) * 100) + "% of each other (the lab's fixed margin,"
                    + " not a measured spread).");
        };
    }

    private static String range(Lead.Range range) {
        return num(range.low()) + " to " + num(range.high());
    }

    static String published(PublishedLead lead) {
        String figures = lead.firstFigure().display() + " for " + kind(lead.first()) + " against "
                + lead.secondFigure().display() + " for " + kind(lead.second());
        return switch (lead.leader()) {
            case FIRST -> "The seed published " + figures + ": " + kind(lead.first()) + " ahead by "
                    + ahead(lead.firstFigure().value(), lead.secondFigure().value(), lead.measure()) + ".";
            case SECOND -> "The seed published " + figures + ": " + kind(lead.second()) + " ahead by "
                    + ahead(lead.secondFigure().value(), lead.firstFigure().value(), lead.measure()) + ".";
            case NEITHER -> "The seed published " + figures + ", within 10% of each other.";
        };
    }

    /** The thread model of an arm, which is what the seed's own comparison was between. */
    private static String kind(ArmKey arm) {
        return arm.mode() + (arm.params().isEmpty() ? "" : " (" + arm.paramsShown() + ")");
    }

    private static String ahead(double better, double worse, Measure measure) {
        double ratio = measure.higherIsBetter() ? better / worse : worse / better;
        return ratio < 2 ? Math.round((ratio - 1) * 100) + "%" : times(ratio);
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
