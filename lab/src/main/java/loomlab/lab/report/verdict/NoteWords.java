package loomlab.lab.report.verdict;

import static loomlab.core.Figures.duration;
import static loomlab.core.Figures.num;
import static loomlab.core.Figures.percent;
import static loomlab.core.Figures.plain;
import static loomlab.core.Figures.times;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import loomlab.core.finding.AgainstPublished;
import loomlab.core.finding.DatabaseLost;
import loomlab.core.finding.Flagged;
import loomlab.core.finding.Incomplete;
import loomlab.core.finding.NotMeasured;
import loomlab.core.finding.OtherMachine;
import loomlab.core.finding.PacingDifference;
import loomlab.core.finding.RunNote;
import loomlab.core.finding.SweepPeak;
import loomlab.core.sweep.SweepParameter;

/**
 * Notes on a run beside its comparisons: the seed's own figures and setting, flags, what did not run,
 * a sweep's peak.
 */
final class NoteWords {
    private NoteWords() {
    }

    /** The sentence of a finding of this family. */
    static String of(RunNote finding) {
        return switch (finding) {
            case AgainstPublished published -> published.arm() + ": ours " + VerdictWriter.value(published.measured(),
                    published.published().unit()) + ", published " + published.published().display() + " ("
                    + published.published().note() + ").";
            case PacingDifference pacing -> "The seed's siege -d " + plain(pacing.pauseS()) + " paused a random 0 to "
                    + plain(pacing.pauseS()) + " s before each request (" + plain(pacing.pauseS() / 2) + " s on average),"
                    + " where the lab's users pause " + plain(pacing.pauseS()) + " s after each answer: with requests"
                    + " of " + duration(pacing.waitS()) + ", siege's users came back " + times(pacing.ratio())
                    + " as often, so the seed's times and rates are not the lab's to match.";
            case OtherMachine other -> "The seed ran on " + other.seedCores() + " cores and this machine has "
                    + other.labCores() + ": the limits named here are this machine's.";
            case DatabaseLost lost -> "The database stopped during " + VerdictWriter.join(lost.arms())
                    + ": requests after that are counted as errors.";
            case Flagged flagged -> flagged.arm() + " is flagged: " + String.join("; ",
                    FlagText.of(flagged.flags())) + ".";
            case NotMeasured missing -> notMeasured(missing);
            case Incomplete incomplete -> VerdictWriter.join(incomplete.arms()) + " did not complete every task.";
            case SweepPeak peak -> "Sweep of " + peak.parameter() + ": "
                    + SweepParameter.find(peak.parameter()).map(p -> p.curveKey(peak.best()).name())
                    .orElse(peak.best().name()) + " peaked at "
                    + num(peak.throughputRps()) + " req/s at " + peak.parameter() + "=" + peak.value()
                    + (peak.boundRps() == null ? "" : " ("
                    + percent(peak.throughputRps() / peak.boundRps()) + " of its " + num(peak.boundRps())
                    + " req/s bound)") + ".";
        };
    }


    static String notMeasured(NotMeasured missing) {
        String head = missing.needed() == null ? "" : "No verdict: it needs " + missing.needed() + ".";
        if (missing.arms().isEmpty()) {
            return head;
        }
        Map<String, List<String>> byReason = new LinkedHashMap<>();
        for (NotMeasured.Arm arm : missing.arms()) {
            byReason.computeIfAbsent(arm.status() + ": " + arm.reason(), k -> new ArrayList<>()).add(arm.key().name());
        }
        String arms = byReason.entrySet().stream().map(e -> String.join(", ", e.getValue()) + " (" + e.getKey() + ")")
                .collect(Collectors.joining("; "));
        return (head.isEmpty() ? "" : head + " ") + "Not measured: " + arms + ".";
    }
}
