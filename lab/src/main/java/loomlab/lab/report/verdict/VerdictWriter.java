package loomlab.lab.report.verdict;

import static loomlab.core.Figures.num;

import java.util.ArrayList;
import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.finding.AssessFinding;
import loomlab.core.finding.BoundFinding;
import loomlab.core.finding.BreakageFinding;
import loomlab.core.finding.ComparisonFinding;
import loomlab.core.finding.ConnectionsFinding;
import loomlab.core.finding.DiagnoseFinding;
import loomlab.core.finding.Diagnosed;
import loomlab.core.finding.Finding;
import loomlab.core.finding.KeyFacts;
import loomlab.core.finding.PinningFinding;
import loomlab.core.finding.ReactiveFinding;
import loomlab.core.finding.RunNote;
import loomlab.core.finding.TaskFinding;
import loomlab.core.verdict.Verdict;

/**
 * Words an experiment's verdict. The core decided what is true, which causes the figures show, what
 * leads and how the findings fall into paragraphs ({@link Verdict}); this class only words it, one
 * sentence or two per finding, so every claim in a verdict follows a figure in either direction.
 */
public final class VerdictWriter {
    /** Between the paragraphs of a verdict: one per comparison, then one of notes on the whole run. */
    public static final String PARAGRAPH_BREAK = "\n\n";

    private VerdictWriter() {
    }

    /** The verdict's words on these findings: its paragraphs, whichever facts it is summed up by. */
    public static String write(List<Finding> findings) {
        return write(Verdict.of(f -> KeyFacts.NONE, findings));
    }

    /** The whole verdict: its paragraphs, one sentence or two per finding, the handleOrder cases last. */
    public static String write(Verdict verdict) {
        return String.join(PARAGRAPH_BREAK, paragraphs(verdict, false));
    }

    /**
     * The verdict's paragraphs as they follow its headline: where the headline says the finding the
     * verdict opens with, as the verdict says it, that finding is not said again beneath it.
     */
    public static List<String> detail(Verdict verdict) {
        return paragraphs(verdict, HeadlineWords.restatesOpening(verdict));
    }

    private static List<String> paragraphs(Verdict verdict, boolean withoutOpening) {
        List<List<String>> paragraphs = new ArrayList<>();
        for (List<Finding> paragraph : verdict.paragraphs()) {
            paragraphs.add(new ArrayList<>());
            for (Finding finding : paragraph) {
                if (withoutOpening && verdict.opening().orElseThrow() == finding) {
                    continue;
                }
                List<String> words = words(finding);
                for (int i = 0; i < words.size(); i++) {
                    if (i > 0) {
                        paragraphs.add(new ArrayList<>());
                    }
                    if (!words.get(i).isEmpty()) {
                        paragraphs.getLast().add(words.get(i));
                    }
                }
            }
        }
        if (paragraphs.isEmpty()) {
            paragraphs.add(new ArrayList<>());
        }
        paragraphs.getLast().addAll(BoundWords.handleOrderCases(verdict.handleOrderCases()));
        return paragraphs.stream().filter(p -> !p.isEmpty()).map(p -> String.join(" ", p)).toList();
    }

    /** A finding's words: one paragraph, or several for a diagnosis, which is a whole report of its own. */
    private static List<String> words(Finding finding) {
        return finding instanceof Diagnosed d ? DiagnoseWords.paragraphs(d.jvm()) : List.of(sentence(finding));
    }

    static String sentence(Finding finding) {
        return switch (finding) {
            case ComparisonFinding f -> LeadWords.of(f);
            case BoundFinding f -> BoundWords.of(f);
            case RunNote f -> NoteWords.of(f);
            case TaskFinding f -> TaskWords.of(f);
            case PinningFinding f -> PinningWords.of(f);
            case BreakageFinding f -> BreakageWords.of(f);
            case AssessFinding f -> AssessWords.of(f);
            case ConnectionsFinding f -> ConnectionWords.of(f);
            case ReactiveFinding f -> ReactiveWords.of(f);
            case DiagnoseFinding f -> DiagnoseWords.of(f);
        };
    }

    /** Arm names in a sentence: "a", "a and b", "a, b and c". */
    static String join(List<ArmKey> arms) {
        return inSentence(arms.stream().map(ArmKey::name).toList());
    }

    /** Parts in a sentence: "a", "a and b", "a, b and c". */
    static String inSentence(List<String> parts) {
        return parts.size() <= 1 ? String.join("", parts)
                : String.join(", ", parts.subList(0, parts.size() - 1)) + " and " + parts.getLast();
    }

    static String value(double value, String unit) {
        return num(value) + " " + unit;
    }
}
