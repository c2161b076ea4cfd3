package loomlab.core.verdict;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.Published;
import loomlab.core.finding.AgainstPublished;
import loomlab.core.finding.ArmHung;
import loomlab.core.finding.ArmsNotSwitched;
import loomlab.core.finding.CapacityLead;
import loomlab.core.finding.Finding;
import loomlab.core.finding.Flagged;
import loomlab.core.finding.HandleOrderCase;
import loomlab.core.finding.KeyFact;
import loomlab.core.finding.KeyFacts;
import loomlab.core.finding.Lead;
import loomlab.core.finding.Measure;
import loomlab.core.finding.NotMeasured;
import loomlab.core.finding.OtherMachine;
import loomlab.core.finding.PacingDifference;
import loomlab.core.finding.Pinned;
import loomlab.core.finding.PinningCollapse;
import loomlab.core.finding.PinningSitesFound;
import loomlab.core.finding.PublishedLead;
import loomlab.core.finding.PublishedOverBound;
import loomlab.core.finding.Ranking;
import loomlab.core.finding.VirtualVersusReactive;

/**
 * An experiment's verdict before any words: the fact it is summed up by (for an assessment, one per
 * JDK), then its findings in paragraphs, one per comparison and one of notes on the whole run. The
 * headline and the overview both read {@link #keys()}; the report side words the rest.
 *
 * <p>The key facts are the experiment's own choice ({@link Ranking}, which every experiment is): the
 * verdict only falls back on the finding it opens with where the experiment chose none.
 *
 * @param byJdk            an assessment's: one key per JDK its arms ran on, in the order it chose
 * @param keys             the fact the experiment is summed up by, or one per JDK (a JDK with none has a
 *                         null fact); empty when it found nothing
 * @param paragraphs       the findings to state, each once, in paragraphs
 * @param handleOrderCases the structured-concurrency cases, stated together after the last paragraph
 */
public record Verdict(boolean byJdk, List<KeyFacts.Key> keys, List<List<Finding>> paragraphs,
                      List<HandleOrderCase> handleOrderCases) {
    public Verdict {
        keys = List.copyOf(keys);
        paragraphs = paragraphs.stream().map(List::copyOf).toList();
        handleOrderCases = List.copyOf(handleOrderCases);
    }

    /** The verdict on these findings, summed up by the facts {@code ranking} (their experiment) chose. */
    public static Verdict of(Ranking ranking, List<Finding> findings) {
        List<List<Finding>> paragraphs = paragraphs(findings);
        List<HandleOrderCase> cases = findings.stream().filter(HandleOrderCase.class::isInstance)
                .map(HandleOrderCase.class::cast).toList();
        KeyFacts ranked = ranking.keyFacts(findings);
        if (ranked.keys().isEmpty()) {
            ranked = KeyFacts.of(paragraphs.stream().flatMap(List::stream).findFirst().map(KeyFact.Opening::new));
        }
        return new Verdict(ranked.byJdk(), ranked.keys(), paragraphs, cases);
    }

    /** The first finding the verdict states, if any. */
    public Optional<Finding> opening() {
        return paragraphs.stream().flatMap(List::stream).findFirst();
    }

    /** The key facts that stand, without the JDKs that have none. */
    public List<KeyFact> facts() {
        return keys.stream().map(KeyFacts.Key::fact).filter(Objects::nonNull).toList();
    }

    /**
     * The findings in paragraphs: a comparison opens one, and so do the notes that follow the
     * comparisons (the seed's figures, pinning, flags, arms that did not run), so a verdict over many
     * arms reads as a list of comparisons rather than one block. A finding that states what an earlier
     * one stated is left out.
     */
    static List<List<Finding>> paragraphs(List<Finding> findings) {
        List<List<Finding>> paragraphs = new ArrayList<>();
        paragraphs.add(new ArrayList<>());
        Set<Object> stated = new HashSet<>();
        Finding previous = null;
        for (Finding finding : findings) {
            if (finding instanceof HandleOrderCase || silent(finding) || !stated.add(fact(finding))) {
                continue;
            }
            if (previous != null && opensParagraph(finding, previous) && !paragraphs.getLast().isEmpty()) {
                paragraphs.add(new ArrayList<>());
            }
            paragraphs.getLast().add(finding);
            previous = finding;
        }
        return paragraphs.stream().filter(p -> !p.isEmpty()).map(List::copyOf).toList();
    }

    /** A finding with nothing to state: a platform arm's pinning where it pinned nothing or was not read. */
    static boolean silent(Finding finding) {
        return finding instanceof PinningSitesFound p && p.moot();
    }

    /**
     * What a finding states, for telling apart findings that state the same fact: the seed's own
     * figures are said of a thread model, so they are one fact beside every arm of that model that ran
     * the seed's setting (on each server or JDK); any other finding is its own fact.
     */
    static Object fact(Finding finding) {
        return switch (finding) {
            case PublishedOverBound p -> new SeedOverBound(ofModel(p.arm()), p.published(), p.seedBoundS(),
                    p.seedServiceS());
            case PublishedLead p -> new SeedLead(p.measure(), ofModel(p.first()), p.firstFigure(), ofModel(p.second()),
                    p.secondFigure());
            default -> finding;
        };
    }

    /** An arm as the seed's figures name it: its thread model and parameters, on no server, JDK or load. */
    private static ArmKey ofModel(ArmKey arm) {
        return arm.withServer(null).withUsers(null).withPool(null).withJdk(null);
    }

    private record SeedOverBound(ArmKey model, Published published, double seedBoundS, double seedServiceS) {
    }

    private record SeedLead(Measure measure, ArmKey first, Published firstFigure, ArmKey second, Published secondFigure) {
    }

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
                || finding instanceof AgainstPublished || finding instanceof OtherMachine
                || finding instanceof PacingDifference || finding instanceof Pinned || finding instanceof Flagged
                || finding instanceof NotMeasured;
    }
}
