package loomlab.core.finding;

import java.util.List;
import java.util.Optional;
import loomlab.core.arm.ArmFlag;

/**
 * The facts an experiment is summed up by, as it ranked its own findings ({@link Ranking}): one, or for
 * an assessment one per JDK. The rule most experiments rank by is {@link #comparison}; an experiment with
 * a point of its own to make puts that first.
 *
 * @param byJdk an assessment's: one key per JDK its arms ran on, in the order it chose
 * @param keys  the fact the experiment is summed up by, or one per JDK (a JDK with none has a null fact);
 *              empty when its ranking chose none
 */
public record KeyFacts(boolean byJdk, List<Key> keys) {
    /** No fact chosen: the verdict opens with its first finding. */
    public static final KeyFacts NONE = new KeyFacts(false, List.of());

    public KeyFacts {
        keys = List.copyOf(keys);
    }

    /**
     * One key fact, with the JDK an assessment's is about.
     *
     * @param jdk  an assessment's JDK (null for the lab's own), else null
     * @param fact the fact, or null for an assessment's JDK where none stands
     */
    public record Key(Integer jdk, KeyFact fact) {
    }

    /** The one fact an experiment is summed up by, or none. */
    public static KeyFacts of(Optional<? extends KeyFact> fact) {
        return fact.map(f -> new KeyFacts(false, List.of(new Key(null, f)))).orElse(NONE);
    }

    /** One fact per JDK, in the order given. */
    public static KeyFacts byJdk(List<Key> keys) {
        return new KeyFacts(true, keys);
    }

    /**
     * The rule most experiments are summed up by: a comparison that named a winner between arms whose
     * figures are their own, else an arm that hung, else a comparison that did not ({@link KeyLead}: one
     * resting on a flagged arm comes last, with the flags that taint it).
     */
    public static Optional<KeyFact> comparison(List<Finding> findings) {
        return KeyLead.decisiveClean(findings).<KeyFact>map(lead -> new KeyFact.Comparison(lead, List.of()))
                .or(() -> first(findings, ArmHung.class).map(KeyFact.Hung::new))
                .or(() -> KeyLead.of(findings).map(choice -> new KeyFact.Comparison(choice.lead(),
                        choice.flagged() ? taints(findings, choice.lead()) : List.of())));
    }

    /** The first finding of a kind. */
    public static <T extends Finding> Optional<T> first(List<Finding> findings, Class<T> kind) {
        return findings.stream().filter(kind::isInstance).map(kind::cast).findFirst();
    }

    /** Every finding of a kind, in order. */
    public static <T extends Finding> List<T> all(List<Finding> findings, Class<T> kind) {
        return findings.stream().filter(kind::isInstance).map(kind::cast).toList();
    }

    /** The flags that taint the figures of a comparison's arms, each once. */
    private static List<ArmFlag> taints(List<Finding> findings, Lead lead) {
        return all(findings, Flagged.class).stream()
                .filter(f -> f.arm().equals(lead.first()) || f.arm().equals(lead.second()))
                .flatMap(f -> f.flags().stream()).filter(ArmFlag::taintsFigures).distinct().toList();
    }
}
