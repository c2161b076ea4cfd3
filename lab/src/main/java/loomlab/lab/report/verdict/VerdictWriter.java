package loomlab.lab.report.verdict;

import static loomlab.core.Figures.count;
import static loomlab.core.Figures.duration;
import static loomlab.core.Figures.num;
import static loomlab.core.Figures.percent;
import static loomlab.core.Figures.plain;
import static loomlab.core.Figures.times;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import loomlab.core.arm.ArmKey;
import loomlab.core.finding.AgainstBound;
import loomlab.core.finding.AgainstPublished;
import loomlab.core.finding.AssessCosts;
import loomlab.core.finding.Bottleneck;
import loomlab.core.finding.CapacityLead;
import loomlab.core.finding.CloseWaitedForSibling;
import loomlab.core.finding.DatabaseLost;
import loomlab.core.finding.ArmHung;
import loomlab.core.finding.ArmsNotSwitched;
import loomlab.core.finding.CarriersEffect;
import loomlab.core.finding.PathTail;
import loomlab.core.finding.ArmStalled;
import loomlab.core.finding.HungOnSomeJdks;
import loomlab.core.finding.FairnessEffect;
import loomlab.core.finding.Finding;
import loomlab.core.finding.Flagged;
import loomlab.core.finding.Floor;
import loomlab.core.finding.HandleOrderCase;
import loomlab.core.finding.HelloBesideCpu;
import loomlab.core.finding.Incomplete;
import loomlab.core.finding.JdbcLimit;
import loomlab.core.finding.Lead;
import loomlab.core.finding.LeadAtCores;
import loomlab.core.finding.Mitigations;
import loomlab.core.finding.NotMeasured;
import loomlab.core.finding.OtherMachine;
import loomlab.core.finding.PacingDifference;
import loomlab.core.finding.Pinned;
import loomlab.core.finding.PinnedByJdk;
import loomlab.core.finding.PinningSitesFound;
import loomlab.core.finding.PinsOnSomeJdks;
import loomlab.core.finding.PoolCeiling;
import loomlab.core.finding.PinningCollapse;
import loomlab.core.finding.PlatformStoppedFirst;
import loomlab.core.finding.PublishedLead;
import loomlab.core.finding.PublishedOverBound;
import loomlab.core.finding.SameConcurrency;
import loomlab.core.finding.SweepPeak;
import loomlab.core.finding.ThreadModelMoot;
import loomlab.core.finding.ThreadsHeld;
import loomlab.core.finding.ConnectionsHeld;
import loomlab.core.finding.EndpointCode;
import loomlab.core.finding.VirtualVersusReactive;
import loomlab.core.finding.WinnersMatrix;
import loomlab.core.finding.ToolGap;
import loomlab.core.finding.TunedRun;
import loomlab.core.finding.WaitsOverlapped;
import loomlab.core.finding.WavesExplainGap;
import loomlab.core.finding.Workaround;
import loomlab.core.sweep.SweepParameter;
import loomlab.lab.report.FlagText;

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
            case Lead lead -> LeadWords.sentence(lead);
            case PublishedLead lead -> LeadWords.published(lead);
            case AgainstBound bound -> BoundWords.againstBound(bound);
            case AgainstPublished published -> published.arm() + ": ours " + value(published.measured(),
                    published.published().unit()) + ", published " + published.published().display() + " ("
                    + published.published().note() + ").";
            case PublishedOverBound over -> "The seed published " + over.published().display() + " for "
                    + over.arm().mode() + " (" + over.published().note() + "), " + num(over.serviceTimesOver())
                    + " service times of " + plain(over.seedServiceS()) + " s above the " + plain(over.seedBoundS())
                    + " s its own setting allows.";
            case WaitsOverlapped overlap -> overlap.virtual() + " held " + num(overlap.meanInFlight())
                    + " requests in flight on average (throughput x mean latency), where " + overlap.pool()
                    + " holds at most " + overlap.poolLimit() + ": its requests waited at the same time, not in turn.";
            case SameConcurrency same -> join(same.arms()) + ": the load allows only " + same.concurrency()
                    + (same.concurrency() == 1 ? " request" : " requests") + " in progress at once whatever the"
                    + " thread model, so there was nothing for it to change.";
            case WavesExplainGap waves -> waves.pool() + " passed its requests in " + waves.poolWaves()
                    + " waves against " + waves.virtualWaves() + " for " + waves.virtual() + " (" + times(waves.wavesRatio())
                    + "), which matches the " + times(waves.measuredRatio()) + " between their times.";
            case ThreadModelMoot moot -> "With " + moot.users() + " users on a pool of " + moot.poolSize()
                    + " threads (" + moot.pool() + ") every request had a thread of its own, and neither model"
                    + " clearly led.";
            case ToolGap gap -> "Measured by " + gap.engine() + ", " + gap.arm() + " took " + num(gap.elapsedS())
                    + " s against a bound of " + num(gap.boundS()) + " s: " + num(gap.serviceTimesOver())
                    + " service times of " + num(gap.serviceS()) + " s over, as the seed's figures were; where "
                    + gap.engine() + " spent that time is not measured here.";
            case JdbcLimit limit -> LimitWords.sentence(limit);
            case PacingDifference pacing -> "The seed's siege -d " + plain(pacing.pauseS()) + " paused a random 0 to "
                    + plain(pacing.pauseS()) + " s before each request (" + plain(pacing.pauseS() / 2) + " s on average),"
                    + " where the lab's users pause " + plain(pacing.pauseS()) + " s after each answer: with requests"
                    + " of " + duration(pacing.waitS()) + ", siege's users came back " + times(pacing.ratio())
                    + " as often, so the seed's times and rates are not the lab's to match.";
            case OtherMachine other -> "The seed ran on " + other.seedCores() + " cores and this machine has "
                    + other.labCores() + ": the limits named here are this machine's.";
            case DatabaseLost lost -> "The database stopped during " + join(lost.arms())
                    + ": requests after that are counted as errors.";
            case FairnessEffect effect -> TaskWords.fairnessEffect(effect);
            case Mitigations mitigations -> TaskWords.mitigations(mitigations);
            case HelloBesideCpu hello -> TaskWords.helloBesideCpu(hello);
            case Floor floor -> floor.arm() + " cannot take less than " + num(floor.floorS()) + " s: "
                    + (floor.waves() <= 1 ? "one sleep." : floor.waves() + " waves of sleeps.");
            case TunedRun tuned -> tuned.arm() + " (timed in the process, after " + tuned.warmupRounds()
                    + " warm-up rounds): " + count(tuned.tasks()) + " tasks took " + num(tuned.inProcessS()) + " s, "
                    + num(tuned.inProcessS() - tuned.floorS()) + " s above the " + num(tuned.floorS()) + " s floor ("
                    + num(tuned.wallS()) + " s from process start to exit); no published figure sits beside a tuned"
                    + " run.";
            case Incomplete incomplete -> join(incomplete.arms()) + " did not complete every task.";
            case ThreadsHeld held -> TaskWords.threadsHeld(held);
            case ConnectionsHeld held -> ConnectionWords.held(held);
            case VirtualVersusReactive versus -> ReactiveWords.versus(versus);
            case WinnersMatrix matrix -> ReactiveWords.matrix(matrix);
            case EndpointCode code -> ReactiveWords.code(code);
            case PlatformStoppedFirst first -> "Platform threads stopped at " + count(first.platformStarted()) + " ("
                    + TaskWords.stop(first.stoppedBy(), first.error(), 0) + ") while virtual threads reached "
                    + count(first.virtualStarted()) + ".";
            case HandleOrderCase ignored -> "";
            case CloseWaitedForSibling waited -> "The executor closed by try-with-resources (" + waited.executor()
                    + ") answered after " + num(waited.executorAnswerMs()) + " ms against the scope's "
                    + num(waited.scopeAnswerMs()) + " ms: its close() waited for the sibling it did not cancel.";
            case Pinned pinned -> pinned(pinned);
            case Flagged flagged -> flagged.arm() + " is flagged: " + String.join("; ",
                    FlagText.of(flagged.flags())) + ".";
            case NotMeasured missing -> notMeasured(missing);
            case PinningCollapse collapse -> PinningWords.collapse(collapse);
            case ArmHung hung -> BreakageWords.hung(hung);
            case ArmStalled stalled -> BreakageWords.stalled(stalled);
            case HungOnSomeJdks some -> BreakageWords.hungOnSomeJdks(some);
            case PinnedByJdk pinned -> PinningWords.pinnedByJdk(pinned);
            case Workaround workaround -> PinningWords.workaround(workaround);
            case CapacityLead lead -> AssessWords.capacity(lead);
            case PoolCeiling ceiling -> AssessWords.poolCeiling(ceiling);
            case Bottleneck bottleneck -> AssessWords.bottleneck(bottleneck);
            case LeadAtCores at -> AssessWords.leadAtCores(at);
            case AssessCosts costs -> AssessWords.costs(costs);
            case PinningSitesFound sites -> AssessWords.pinning(sites);
            case PinsOnSomeJdks partial -> AssessWords.pinsOnSomeJdks(partial);
            case ArmsNotSwitched not -> AssessWords.notSwitched(not);
            case PathTail tail -> AssessWords.pathTail(tail);
            case CarriersEffect effect -> AssessWords.carriersEffect(effect);
            case SweepPeak peak -> "Sweep of " + peak.parameter() + ": " + SweepParameter.byLabel(peak.parameter())
                    .map(p -> p.curveKey(peak.best()).name()).orElse(peak.best().name()) + " peaked at "
                    + num(peak.throughputRps()) + " req/s at " + peak.parameter() + "=" + peak.value()
                    + (peak.boundRps() == null ? "" : " ("
                    + percent(peak.throughputRps() / peak.boundRps()) + " of its " + num(peak.boundRps())
                    + " req/s bound)") + ".";
        };
    }

    /**
     * JFR writes a pin when it ends: a zero is "no pin that ended", and for an arm that hung, or whose
     * dumps showed pinned carriers, not even that; the dumps' count stands beside it instead.
     */
    static String pinned(Pinned pinned) {
        List<Pinned.Arm> pinning = pinned.pinning();
        List<Pinned.Arm> none = pinned.arms().stream().filter(Pinned.Arm::zeroMeansNone).toList();
        List<Pinned.Arm> unseen = pinned.arms().stream().filter(a -> a.events() == 0 && !a.zeroMeansNone()).toList();
        List<String> parts = new ArrayList<>();
        if (!pinning.isEmpty()) {
            parts.add("JFR recorded pinned virtual threads (jdk.VirtualThreadPinned, 20 ms or longer, written when a"
                    + " pin ends): " + pinning.stream().map(a -> a.key() + " " + count(a.events()) + " ("
                    + num(a.totalMs()) + " ms)").collect(Collectors.joining("; ")) + ".");
        }
        if (!none.isEmpty()) {
            parts.add((pinning.isEmpty() ? "JFR recorded no pin of 20 ms or longer that ended in "
                    : "None that ended in the other ") + none.size() + (none.size() == 1 ? " recording." : " recordings."));
        }
        for (Pinned.Arm arm : unseen) {
            parts.add(arm.key() + " recorded no pin that ended, but " + (arm.hung() ? "it hung, and pins still held"
                    + " when it stopped are never recorded" : "its thread dumps showed pinned carriers")
                    + (arm.pinnedCarriersSeen() == null ? "" : " (the dumps showed " + arm.pinnedCarriersSeen()
                    + " pinned)") + ".");
        }
        return String.join(" ", parts);
    }

    private static String notMeasured(NotMeasured missing) {
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

    /** Arm names in a sentence: "a", "a and b", "a, b and c". */
    static String join(List<ArmKey> arms) {
        List<String> names = arms.stream().map(ArmKey::name).toList();
        return names.size() <= 1 ? String.join("", names)
                : String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.getLast();
    }

    static String value(double value, String unit) {
        return num(value) + " " + unit;
    }
}
