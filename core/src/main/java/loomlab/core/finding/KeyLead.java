package loomlab.core.finding;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import loomlab.core.arm.ArmFlag;
import loomlab.core.arm.ArmKey;

/**
 * The comparison an experiment is summed up by, in its headline and its overview row: the first that
 * named a winner between two arms whose figures are their own, else the first such that named none but
 * whose figures differ by {@link #NOTABLE} or more (one run names no winner, yet a headline of two
 * equal figures would hide the pair whose figures tell the arms apart), else the first such.
 * A comparison resting on a flagged arm (dropped connections, a saturated generator, a hang's
 * cut-off) comes only after them, so that a flag's cause is never read as the thread model's.
 */
public final class KeyLead {
    /**
     * The factor between two figures from which a comparison that named no winner is worth the headline
     * before one in experiment order: a ranking of what to say first, never a lead.
     */
    public static final double NOTABLE = 1.1;

    private KeyLead() {
    }

    /** The key comparison, and whether it rests on a flagged arm. */
    public record Choice(Lead lead, boolean flagged) {
    }

    public static Optional<Choice> of(List<Finding> findings) {
        Set<ArmKey> flagged = flaggedArms(findings);
        List<Lead> leads = findings.stream().filter(Lead.class::isInstance).map(Lead.class::cast).toList();
        List<Lead> clean = leads.stream().filter(l -> !flagged.contains(l.first()) && !flagged.contains(l.second()))
                .toList();
        return first(clean).map(l -> new Choice(l, false)).or(() -> first(leads).map(l -> new Choice(l, true)));
    }

    /** The first clean comparison that named a winner; empty when none did. */
    public static Optional<Lead> decisiveClean(List<Finding> findings) {
        return of(findings).filter(c -> !c.flagged() && c.lead().leader() != Leader.NEITHER).map(Choice::lead);
    }

    /** Arms with a flag that {@linkplain ArmFlag#taintsFigures() taints} their figures. */
    public static Set<ArmKey> flaggedArms(List<Finding> findings) {
        return findings.stream().filter(f -> f instanceof Flagged flagged
                        && flagged.flags().stream().anyMatch(ArmFlag::taintsFigures))
                .map(f -> ((Flagged) f).arm()).collect(Collectors.toSet());
    }

    private static Optional<Lead> first(List<Lead> leads) {
        return leads.stream().filter(l -> l.leader() != Leader.NEITHER).findFirst()
                .or(() -> leads.stream().filter(l -> l.factor() >= NOTABLE).findFirst())
                .or(() -> leads.stream().findFirst());
    }
}
