package loomlab.core.verdict;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import loomlab.core.arm.ArmFlag;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.Published;
import loomlab.core.finding.AgainstPublished;
import loomlab.core.finding.ArmHung;
import loomlab.core.finding.ArmsNotSwitched;
import loomlab.core.finding.CapacityLead;
import loomlab.core.finding.CloseWaitedForSibling;
import loomlab.core.finding.ConnectionsHeld;
import loomlab.core.finding.Diagnosed;
import loomlab.core.finding.Finding;
import loomlab.core.finding.Flagged;
import loomlab.core.finding.HandleOrderCase;
import loomlab.core.finding.KeyLead;
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
import loomlab.core.finding.VirtualVersusReactive;

/**
 * An experiment's verdict before any words: the fact it is summed up by (for an assessment, one per
 * JDK), then its findings in paragraphs, one per comparison and one of notes on the whole run. The
 * headline and the overview both read {@link #keys()}; the report side words the rest.
 *
 * <p>The ranking rule, for the one fact an experiment opens with: the reactive experiment's comparisons
 * of virtual threads against WebFlux; for an assessment, per JDK, an arm that hung, else the capacities
 * side by side, else why they are not; a diagnosis of a JVM; otherwise the collapse the pinning
 * experiment exists to show, the connections each thread model held, the executor's close that waited
 * for a sibling (structured concurrency's point), a comparison that named a winner between arms whose
 * figures are their own, an arm that hung, a comparison that did not ({@link KeyLead}: one resting on a
 * flagged arm comes last, marked), and failing all of them the finding the verdict opens with.
 *
 * @param byJdk            an assessment's: one key per JDK its arms ran on, in the order they ran
 * @param keys             the fact the experiment is summed up by, or one per JDK (a JDK with none has a
 *                         null fact); empty when it found nothing
 * @param paragraphs       the findings to state, each once, in paragraphs
 * @param handleOrderCases the structured-concurrency cases, stated together after the last paragraph
 */
public record Verdict(boolean byJdk, List<Key> keys, List<List<Finding>> paragraphs,
                      List<HandleOrderCase> handleOrderCases) {
    public Verdict {
        keys = List.copyOf(keys);
        paragraphs = paragraphs.stream().map(List::copyOf).toList();
        handleOrderCases = List.copyOf(handleOrderCases);
    }

    /**
     * One key fact, with the JDK an assessment's is about.
     *
     * @param jdk  an assessment's JDK (null for the lab's own), else null
     * @param fact the fact, or null for an assessment's JDK where none stands
     */
    public record Key(Integer jdk, KeyFact fact) {
    }

    public static Verdict of(List<Finding> findings) {
        List<List<Finding>> paragraphs = paragraphs(findings);
        List<HandleOrderCase> cases = findings.stream().filter(HandleOrderCase.class::isInstance)
                .map(HandleOrderCase.class::cast).toList();
        Optional<Finding> opening = paragraphs.stream().flatMap(List::stream).findFirst();
        List<VirtualVersusReactive> reactive = all(findings, VirtualVersusReactive.class);
        if (!reactive.isEmpty()) {
            return new Verdict(false, List.of(new Key(null, new KeyFact.Reactive(reactive))), paragraphs, cases);
        }
        // Every arm of an assessment has its pinning sites, so they list its JDKs; the oldest first, whatever
        // order the arms ran in (repeats alternate it), so that a headline reads the same way every time.
        List<Integer> assessed = all(findings, PinningSitesFound.class).stream().map(p -> p.arm().jdk()).distinct()
                .sorted(java.util.Comparator.nullsFirst(java.util.Comparator.naturalOrder())).toList();
        if (!assessed.isEmpty()) {
            return new Verdict(true, assessed.stream().map(jdk -> new Key(jdk, onJdk(jdk, findings).orElse(null)))
                    .toList(), paragraphs, cases);
        }
        Optional<KeyFact> key = single(findings).or(() -> opening.map(KeyFact.Opening::new));
        return new Verdict(false, key.map(k -> List.of(new Key(null, k))).orElse(List.of()), paragraphs, cases);
    }

    /** The first finding the verdict states, if any. */
    public Optional<Finding> opening() {
        return paragraphs.stream().flatMap(List::stream).findFirst();
    }

    /** The key facts that stand, without the JDKs that have none. */
    public List<KeyFact> facts() {
        return keys.stream().map(Key::fact).filter(Objects::nonNull).toList();
    }

    /** The fact of an experiment that is not an assessment or the reactive one. */
    static Optional<KeyFact> single(List<Finding> findings) {
        return first(findings, Diagnosed.class).<KeyFact>map(KeyFact.Diagnosis::new)
                .or(() -> first(findings, PinningCollapse.class).map(KeyFact.Collapse::new))
                .or(() -> held(findings))
                .or(() -> closeWaited(findings))
                .or(() -> KeyLead.decisiveClean(findings).map(lead -> new KeyFact.Comparison(lead, List.of())))
                .or(() -> first(findings, ArmHung.class).map(KeyFact.Hung::new))
                .or(() -> KeyLead.of(findings).map(choice -> new KeyFact.Comparison(choice.lead(),
                        choice.flagged() ? taints(findings, choice.lead()) : List.of())));
    }

    /** An assessment's JDK: an arm that hung, else the capacity lead, else why its arms were not compared. */
    static Optional<KeyFact> onJdk(Integer jdk, List<Finding> findings) {
        Optional<KeyFact> hung = findings.stream().filter(f -> f instanceof ArmHung h
                && Objects.equals(h.arm().jdk(), jdk)).findFirst().map(f -> new KeyFact.Hung((ArmHung) f));
        Optional<KeyFact> lead = findings.stream().filter(f -> f instanceof CapacityLead c
                && Objects.equals(c.virtual().jdk(), jdk)).findFirst().map(f -> capacity((CapacityLead) f, findings));
        Optional<KeyFact> notSwitched = findings.stream().filter(f -> f instanceof ArmsNotSwitched n
                && Objects.equals(n.virtual().jdk(), jdk)).findFirst().map(KeyFact.NotCompared::new);
        Optional<KeyFact> lost = findings.stream().filter(f -> f instanceof NotMeasured)
                .map(f -> ((NotMeasured) f).arms().stream().filter(a -> Objects.equals(a.key().jdk(), jdk)).toList())
                .filter(arms -> !arms.isEmpty()).findFirst().map(arms -> new KeyFact.NotCompared(
                        new NotMeasured(arms, null)));
        return hung.or(() -> lead).or(() -> notSwitched).or(() -> lost);
    }

    /** The capacity lead with the sites where its virtual arm pinned, when JFR recorded pins at one. */
    private static KeyFact capacity(CapacityLead lead, List<Finding> findings) {
        PinningSitesFound pins = all(findings, PinningSitesFound.class).stream()
                .filter(p -> p.arm().equals(lead.virtual()) && p.pinning().read() && p.pinning().events() > 0
                        && !p.pinning().sites().isEmpty()).findFirst().orElse(null);
        return new KeyFact.Capacity(lead, pins);
    }

    /** Both arms of the connections experiment. */
    private static Optional<KeyFact> held(List<Finding> findings) {
        Optional<ConnectionsHeld> virtual = all(findings, ConnectionsHeld.class).stream()
                .filter(h -> h.arm().mode().onVirtualThreads()).findFirst();
        Optional<ConnectionsHeld> platform = all(findings, ConnectionsHeld.class).stream()
                .filter(h -> h.arm().mode().onPlatformThreads()).findFirst();
        return virtual.isEmpty() || platform.isEmpty() ? Optional.empty()
                : Optional.of(new KeyFact.Held(virtual.get(), platform.get()));
    }

    private static Optional<KeyFact> closeWaited(List<Finding> findings) {
        List<CloseWaitedForSibling> waits = all(findings, CloseWaitedForSibling.class);
        return waits.isEmpty() ? Optional.empty() : Optional.of(new KeyFact.CloseWaited(waits));
    }

    /** The flags that taint the figures of a comparison's arms, each once. */
    private static List<ArmFlag> taints(List<Finding> findings, Lead lead) {
        return all(findings, Flagged.class).stream()
                .filter(f -> f.arm().equals(lead.first()) || f.arm().equals(lead.second()))
                .flatMap(f -> f.flags().stream()).filter(ArmFlag::taintsFigures).distinct().toList();
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

    private static <T extends Finding> Optional<T> first(List<Finding> findings, Class<T> kind) {
        return findings.stream().filter(kind::isInstance).map(kind::cast).findFirst();
    }

    private static <T extends Finding> List<T> all(List<Finding> findings, Class<T> kind) {
        return findings.stream().filter(kind::isInstance).map(kind::cast).toList();
    }
}
