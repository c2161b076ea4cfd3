package loomlab.lab.report.verdict;

import static loomlab.core.Figures.num;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import loomlab.core.arm.ArmKey;
import loomlab.core.finding.AgainstPublished;
import loomlab.core.finding.ArmHung;
import loomlab.core.finding.ArmsNotSwitched;
import loomlab.core.finding.AssessFinding;
import loomlab.core.finding.BoundFinding;
import loomlab.core.finding.BreakageFinding;
import loomlab.core.finding.CapacityLead;
import loomlab.core.finding.ComparisonFinding;
import loomlab.core.finding.ConnectionsFinding;
import loomlab.core.finding.DiagnoseFinding;
import loomlab.core.finding.Finding;
import loomlab.core.finding.Flagged;
import loomlab.core.finding.HandleOrderCase;
import loomlab.core.finding.Lead;
import loomlab.core.finding.NotMeasured;
import loomlab.core.finding.OtherMachine;
import loomlab.core.finding.PacingDifference;
import loomlab.core.finding.Pinned;
import loomlab.core.finding.PinningCollapse;
import loomlab.core.finding.PinningFinding;
import loomlab.core.finding.PublishedLead;
import loomlab.core.finding.PublishedOverBound;
import loomlab.core.finding.ReactiveFinding;
import loomlab.core.finding.RunNote;
import loomlab.core.finding.TaskFinding;
import loomlab.core.finding.VirtualVersusReactive;

/**
 * Turns an experiment's findings into its verdict. The core decided what is true and which causes
 * the figures show; this class only words it, one sentence or two per finding, so every claim in
 * a verdict follows a figure in either direction.
 */
public final class VerdictWriter {
    /** Between the paragraphs of a verdict: one per comparison, then one of notes on the whole run. */
    public static final String PARAGRAPH_BREAK = "\n\n";

    private VerdictWriter() {
    }

    public static String write(List<Finding> findings) {
        List<List<String>> paragraphs = new ArrayList<>();
        paragraphs.add(new ArrayList<>());
        Set<String> written = new HashSet<>();
        List<HandleOrderCase> cases = new ArrayList<>();
        Finding previous = null;
        for (Finding finding : findings) {
            if (finding instanceof HandleOrderCase c) {
                cases.add(c);
                continue;
            }
            String sentence = sentence(finding);
            // A fact about the seed reads the same beside every arm that carries it (on each JDK, say): once.
            if (sentence.isEmpty() || !written.add(sentence)) {
                continue;
            }
            if (previous != null && opensParagraph(finding, previous) && !paragraphs.getLast().isEmpty()) {
                paragraphs.add(new ArrayList<>());
            }
            paragraphs.getLast().add(sentence);
            previous = finding;
        }
        paragraphs.getLast().addAll(BoundWords.handleOrderCases(cases));
        return paragraphs.stream().filter(p -> !p.isEmpty()).map(p -> String.join(" ", p))
                .collect(Collectors.joining(PARAGRAPH_BREAK));
    }

    /**
     * The verdict's paragraphs as they follow its headline: where the verdict opens with the headline's
     * sentence (the same finding, worded once), that sentence is not repeated beneath it.
     */
    public static List<String> detail(String headline, String verdict) {
        List<String> paragraphs = new ArrayList<>(List.of(verdict.split(PARAGRAPH_BREAK)));
        if (headline != null && !headline.isBlank() && !paragraphs.isEmpty()
                && paragraphs.getFirst().startsWith(headline)) {
            String rest = paragraphs.removeFirst().substring(headline.length()).strip();
            if (!rest.isEmpty()) {
                paragraphs.addFirst(rest);
            }
        }
        return paragraphs.stream().filter(p -> !p.isBlank()).toList();
    }

    /**
     * A comparison of two arms opens a paragraph, and so do the notes that follow the comparisons (the
     * seed's figures, pinning, flags, arms that did not run), so a verdict over many arms reads as a
     * list of comparisons rather than one block.
     */
    static boolean opensParagraph(Finding finding, Finding previous) {
        return switch (finding) {
            case Lead l -> true;
            case CapacityLead l -> true;
            case VirtualVersusReactive v -> true;
            case ArmsNotSwitched n -> true;
            case PinningCollapse c -> true;
            case ArmHung h -> true;
            default -> isNote(finding) && !isNote(previous);
        };
    }

    private static boolean isNote(Finding finding) {
        return finding instanceof PublishedLead || finding instanceof PublishedOverBound
                || finding instanceof AgainstPublished
                || finding instanceof OtherMachine || finding instanceof PacingDifference || finding instanceof Pinned
                || finding instanceof Flagged || finding instanceof NotMeasured;
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
