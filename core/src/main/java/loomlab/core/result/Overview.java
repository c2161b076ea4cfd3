package loomlab.core.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loomlab.core.arm.ArmKey;
import loomlab.core.finding.AgainstBound;
import loomlab.core.finding.AgainstPublished;
import loomlab.core.finding.ArmHung;
import loomlab.core.finding.ArmsNotSwitched;
import loomlab.core.finding.CapacityLead;
import loomlab.core.finding.CloseWaitedForSibling;
import loomlab.core.finding.ConnectionsHeld;
import loomlab.core.finding.Finding;
import loomlab.core.finding.KeyFact;
import loomlab.core.finding.KeyFacts;
import loomlab.core.finding.KeyLead;
import loomlab.core.finding.Lead;
import loomlab.core.finding.Leader;
import loomlab.core.finding.Measure;
import loomlab.core.finding.NotMeasured;
import loomlab.core.finding.PinningCollapse;
import loomlab.core.finding.PublishedLead;
import loomlab.core.finding.PublishedOverBound;
import loomlab.core.finding.Ranking;
import loomlab.core.finding.VirtualVersusReactive;
import loomlab.core.verdict.Verdict;

/**
 * The first screen of a run: one row per experiment (per JDK for an assessment), its key figure
 * beside the seed's and the bound, and whether the seed was reproduced. A pure function of the
 * experiments' findings: each row states the key fact its headline states (as its experiment ranked
 * its findings, {@link Verdict#keys()}), in figures; for a comparison the key arm is the one it named
 * (its winner, else the first compared), and the seed's figure is its figure for that arm, or its ratio
 * of the same two arms.
 */
public final class Overview {
    /** Ours within this share of the seed's figure (or ratio, in the same direction) reproduces it. */
    public static final double REPRODUCED_WITHIN = 0.10;

    private Overview() {
    }

    public enum Status {
        /** Within {@link #REPRODUCED_WITHIN} of the seed's figure, or of its ratio in the same direction. */
        REPRODUCED,
        /** The seed published a figure for it, and ours is further from it. */
        DIFFERS,
        /** The seed measured it, but not in a setting this run had (another profile, fewer users, another arm). */
        NOT_COMPARED,
        /** No seed measured it. */
        NEW
    }

    /**
     * Two arms' figures (a comparison) or one arm's ({@code second} null).
     *
     * @param secondValue null with one arm
     */
    public record Figures(Measure measure, ArmKey first, double firstValue, ArmKey second, Double secondValue) {
        /**
         * How many times better the first arm did than the second, whichever way the measure is better
         * (a throughput over the other's, the other's time over this one's); null with one arm or a zero.
         */
        public Double advantage() {
            if (secondValue == null || secondValue == 0 || firstValue == 0) {
                return null;
            }
            return measure.higherIsBetter() ? firstValue / secondValue : secondValue / firstValue;
        }
    }

    /**
     * @param jdk       the JDK of an assessment's row, or null
     * @param published the seed's figure or ratio, null when none was published for it
     * @param ours      our figure or comparison, null when the experiment compared nothing
     * @param bound     the key arm's bound in the measure's unit, or null
     * @param capacity  an assessment's capacities on this JDK (its brackets, open or not), else null
     * @param flagged   ours rests on an arm whose figures a flag taints ({@link KeyLead}): no clean comparison was left
     * @param uncompared why there are no figures side by side: the {@link ArmHung} of an arm that hung, and for an
     *                   assessment's JDK the {@link ArmsNotSwitched} of arms that ran one thread model, or the
     *                   {@link NotMeasured} of an arm that died or did not run (its arms on this JDK); else null
     * @param key       the key fact the row states, the headline's ({@link Verdict#keys()}); null where none stands
     */
    public record Row(String experiment, String question, Integer jdk, Figures published, Figures ours, Double bound,
                      Status status, CapacityLead capacity, boolean flagged, Finding uncompared, KeyFact key) {
        public Row(String experiment, String question, Integer jdk, Figures published, Figures ours, Double bound,
                   Status status, CapacityLead capacity) {
            this(experiment, question, jdk, published, ours, bound, status, capacity, false, null, null);
        }

        Row stating(KeyFact fact) {
            return new Row(experiment, question, jdk, published, ours, bound, status, capacity,
                    fact instanceof KeyFact.Comparison c && c.flagged(), uncompared, fact);
        }
    }

    public static List<Row> of(List<ExperimentResult> experiments) {
        List<Row> rows = new ArrayList<>();
        for (ExperimentResult experiment : experiments) {
            rows.addAll(rows(experiment));
        }
        return rows;
    }

    static List<Row> rows(ExperimentResult experiment) {
        List<Finding> findings = experiment.findings();
        Verdict verdict = experiment.verdict();
        if (verdict.byJdk()) {
            return verdict.keys().stream().map(key -> onJdk(experiment, key)).toList();
        }
        KeyFact fact = verdict.facts().stream().findFirst().orElse(null);
        if (fact instanceof KeyFact.Reactive reactive) {
            // Virtual threads against WebFlux: the first workload's capacities (seed 000's downstream call),
            // the brackets as they are (a capacity below every rate tried has no figure to divide).
            VirtualVersusReactive v = reactive.comparisons().getFirst();
            return List.of(new Row(experiment.name(), experiment.question(), null, null, new Figures(Measure.CAPACITY,
                    v.virtual(), v.virtualCapacity().low(), v.reactive(), v.reactiveCapacity().low()), null, Status.NEW,
                    CapacityLead.of(v.reactive(), v.reactiveCapacity(), v.virtual(), v.virtualCapacity(), v.runs(),
                            v.reactiveRuns(), v.virtualRuns())).stating(fact));
        }
        return List.of(rowOf(experiment.name(), experiment.question(), findings, fact));
    }

    /**
     * An assessment's row for one JDK (every JDK its arms ran on, so that a JDK whose virtual arm hung is
     * not left out of the first screen): the capacities side by side, else why there are none.
     */
    private static Row onJdk(ExperimentResult experiment, KeyFacts.Key key) {
        return switch (key.fact()) {
            case KeyFact.Capacity c -> new Row(experiment.name(), experiment.question(), key.jdk(), null,
                    new Figures(Measure.CAPACITY, c.lead().virtual(), c.lead().virtualCapacity().low(),
                            c.lead().platform(), c.lead().platformCapacity().low()), null, Status.NEW, c.lead())
                    .stating(c);
            case KeyFact.Hung h -> uncompared(experiment, key.jdk(), h.hang(), h);
            case KeyFact.NotCompared n -> uncompared(experiment, key.jdk(), n.why(), n);
            case null, default -> new Row(experiment.name(), experiment.question(), key.jdk(), null, null, null,
                    Status.NEW, null).stating(key.fact());
        };
    }

    private static Row uncompared(ExperimentResult experiment, Integer jdk, Finding why, KeyFact fact) {
        return new Row(experiment.name(), experiment.question(), jdk, null, null, null, Status.NEW, null, false, why,
                fact);
    }

    /** The row of an experiment that ranks its findings by their comparisons, from its findings. */
    static Row row(String experiment, String question, List<Finding> findings) {
        return rowOf(experiment, question, findings, Verdict.of(Ranking.COMPARISONS, findings).facts().stream()
                .findFirst().orElse(null));
    }

    private static Row rowOf(String experiment, String question, List<Finding> findings, KeyFact fact) {
        Optional<Lead> lead = fact instanceof KeyFact.Comparison c ? Optional.of(c.lead()) : Optional.empty();
        Optional<ArmKey> key = lead.map(l -> l.leader() == Leader.SECOND ? l.second() : l.first())
                .or(() -> findings.stream().filter(f -> f instanceof AgainstPublished)
                        .map(f -> ((AgainstPublished) f).arm()).findFirst());
        Double keyBound = key.flatMap(k -> boundOf(findings, k)).orElse(null);
        Optional<Row> seedRatio = lead.flatMap(l -> publishedLead(findings, l)).map(p -> ratioRow(experiment,
                question, p, lead.get(), keyBound));
        if (seedRatio.isPresent()) {
            return seedRatio.get().stating(fact);
        }
        // The seed's figure for the key arm, else its first for any arm: a seed that measured the
        // experiment is never called new.
        List<AgainstPublished> published = comparable(findings);
        Optional<AgainstPublished> figure = key.flatMap(k -> published.stream().filter(a -> a.arm().equals(k))
                .findFirst()).or(() -> published.stream().findFirst());
        if (figure.isPresent()) {
            AgainstPublished a = figure.get();
            Status status = within(a.measured(), a.published().value()) ? Status.REPRODUCED : Status.DIFFERS;
            return new Row(experiment, question, null, new Figures(a.measure(), a.arm(), a.published().value(), null,
                    null), new Figures(a.measure(), a.arm(), a.measured(), null, null),
                    boundOf(findings, a.arm()).orElse(null), status, null).stating(fact);
        }
        Figures ours = lead.map(Overview::figures).or(() -> figures(fact)).orElse(null);
        // Without a comparison, the figures' bound is their second arm's (the pinning experiment's newer JDK).
        Double bound = keyBound != null || ours == null ? keyBound : boundOf(findings, ours.second()).orElse(null);
        boolean seedMeasured = findings.stream().anyMatch(f -> f instanceof PublishedLead
                || f instanceof PublishedOverBound || f instanceof AgainstPublished);
        return new Row(experiment, question, null, null, ours, bound, seedMeasured ? Status.NOT_COMPARED : Status.NEW,
                null, false, fact instanceof KeyFact.Hung h ? h.hang() : null, null).stating(fact);
    }

    /**
     * The seed's comparison of the same two arms as ours: one it published as such, else its own
     * figures for both arms on one measure (the lead's first), so that a ratio, which carries from the
     * seed's machine to this one, is compared rather than one arm's absolute figure, which does not.
     */
    private static Optional<PublishedLead> publishedLead(List<Finding> findings, Lead lead) {
        return findings.stream().filter(f -> f instanceof PublishedLead p
                        && p.firstFigure().sameSetting() && p.secondFigure().sameSetting()
                        && (p.first().equals(lead.first()) && p.second().equals(lead.second())
                        || p.first().equals(lead.second()) && p.second().equals(lead.first())))
                .map(f -> (PublishedLead) f).findFirst()
                .or(() -> seedFiguresOfBoth(findings, lead));
    }

    private static Optional<PublishedLead> seedFiguresOfBoth(List<Finding> findings, Lead lead) {
        List<AgainstPublished> published = comparable(findings);
        List<Measure> measures = published.stream().map(AgainstPublished::measure).distinct()
                .sorted((a, b) -> Boolean.compare(b == lead.measure(), a == lead.measure())).toList();
        for (Measure measure : measures) {
            Optional<AgainstPublished> first = published.stream().filter(a -> a.measure() == measure
                    && a.arm().equals(lead.first())).findFirst();
            Optional<AgainstPublished> second = published.stream().filter(a -> a.measure() == measure
                    && a.arm().equals(lead.second())).findFirst();
            if (first.isPresent() && second.isPresent()
                    && first.get().published().unit().equals(second.get().published().unit())) {
                return Optional.of(new PublishedLead(measure, lead.first(), first.get().published(), lead.second(),
                        second.get().published()));
            }
        }
        return Optional.empty();
    }

    /**
     * Ours set in the seed's order, reproduced when our ratio is within 10 % of the seed's, each read as how
     * many times better the seed's first arm did: measures may differ (the seed's throughput, our elapsed
     * time), so each is read its own way. A ratio against a published one names no lead: the seed's figures
     * carry no spread, and ours may be one run's.
     */
    private static Row ratioRow(String experiment, String question, PublishedLead seed, Lead lead, Double bound) {
        boolean sameOrder = seed.first().equals(lead.first());
        Figures ours = new Figures(lead.measure(), seed.first(), sameOrder ? lead.firstValue() : lead.secondValue(),
                seed.second(), sameOrder ? lead.secondValue() : lead.firstValue());
        Figures published = new Figures(seed.measure(), seed.first(), seed.firstFigure().value(), seed.second(),
                seed.secondFigure().value());
        boolean reproduced = ours.advantage() != null && published.advantage() != null
                && within(ours.advantage(), published.advantage());
        return new Row(experiment, question, null, published, ours, bound,
                reproduced ? Status.REPRODUCED : Status.DIFFERS, null);
    }

    /**
     * A key fact other than a comparison, in figures: the pinning experiment's older JDK against the newer;
     * the connections each thread model held, or where both held as many, the memory each took; the scope's
     * answer against the executor's whose close waited (the first such case).
     */
    private static Optional<Figures> figures(KeyFact fact) {
        return switch (fact) {
            case KeyFact.Collapse(PinningCollapse c) -> Optional.of(new Figures(Measure.GOODPUT, c.pinning(),
                    c.pinningRps(), c.free(), c.freeRps()));
            case KeyFact.Held(ConnectionsHeld v, ConnectionsHeld p) -> Optional.of(v.held() == p.held()
                    && v.rssPerConnectionKb() != null && p.rssPerConnectionKb() != null
                    ? new Figures(Measure.RSS_PER_CONNECTION, v.arm(), v.rssPerConnectionKb(), p.arm(),
                    p.rssPerConnectionKb())
                    : new Figures(Measure.CONNECTIONS_HELD, v.arm(), v.held(), p.arm(), (double) p.held()));
            case KeyFact.CloseWaited w -> {
                CloseWaitedForSibling first = w.cases().getFirst();
                yield Optional.of(new Figures(Measure.ANSWER_TIME, first.scope(), first.scopeAnswerMs(),
                        first.executor(), first.executorAnswerMs()));
            }
            case null, default -> Optional.empty();
        };
    }

    /** The seed's figures for arms that ran its own setting: the others are quoted, never compared. */
    private static List<AgainstPublished> comparable(List<Finding> findings) {
        return findings.stream().filter(f -> f instanceof AgainstPublished a && a.published().sameSetting())
                .map(f -> (AgainstPublished) f).toList();
    }

    private static Figures figures(Lead lead) {
        return new Figures(lead.measure(), lead.first(), lead.firstValue(), lead.second(), lead.secondValue());
    }

    private static Optional<Double> boundOf(List<Finding> findings, ArmKey arm) {
        return findings.stream().filter(f -> f instanceof AgainstBound b && b.arm().equals(arm))
                .map(f -> (AgainstBound) f)
                .map(b -> b.measure().higherIsBetter() ? b.bound().rps() : b.bound().elapsedS())
                .filter(v -> v != null).findFirst();
    }

    static boolean within(double ours, double seed) {
        return seed != 0 && Math.abs(ours / seed - 1) <= REPRODUCED_WITHIN;
    }
}
