package loomlab.core.finding;

import java.util.List;
import java.util.Optional;
import loomlab.core.arm.ArmFlag;

/**
 * The fact an experiment is summed up by, in its headline and in its overview row, as the experiment
 * ranked its findings ({@link KeyFacts}); for an assessment, one per JDK. It carries the findings it rests
 * on, and the report side words it.
 */
public sealed interface KeyFact {
    /**
     * The finding this fact states as the verdict states it, so that a verdict that opens with that
     * finding need not say it again beneath its headline; empty when the headline says more or less.
     */
    default Optional<Finding> restates() {
        return Optional.empty();
    }

    /** The pinning experiment's point: synchronized on a JDK that pins, against one that frees carriers. */
    record Collapse(PinningCollapse collapse) implements KeyFact {
    }

    /** What each thread model held in the connections experiment. */
    record Held(ConnectionsHeld virtual, ConnectionsHeld platform) implements KeyFact {
    }

    /** The cases where an executor's close waited for a sibling it did not cancel, against the scope's answer. */
    record CloseWaited(List<CloseWaitedForSibling> cases) implements KeyFact {
        public CloseWaited {
            cases = List.copyOf(cases);
        }
    }

    /**
     * A comparison of two arms.
     *
     * @param taints the flags that taint either arm's figures, in the order found; empty for a clean comparison
     */
    record Comparison(Lead lead, List<ArmFlag> taints) implements KeyFact {
        public Comparison {
            taints = List.copyOf(taints);
        }

        public boolean flagged() {
            return !taints.isEmpty();
        }

        /** A clean comparison is worded as the verdict words it; a flagged one leads with its flags. */
        @Override
        public Optional<Finding> restates() {
            return flagged() ? Optional.empty() : Optional.of(lead);
        }
    }

    /** An arm whose service stopped answering. */
    record Hung(ArmHung hang) implements KeyFact {
    }

    /**
     * An assessment's capacities on one JDK.
     *
     * @param pins where its virtual arm pinned, when JFR recorded pins at a site; else null
     */
    record Capacity(CapacityLead lead, PinningSitesFound pins) implements KeyFact {
    }

    /**
     * Why an assessment's JDK has no capacities side by side, when no arm hung: an {@link ArmsNotSwitched}
     * or the {@link NotMeasured} of that JDK's arms.
     */
    record NotCompared(Finding why) implements KeyFact {
    }

    /** Spring MVC on virtual threads against WebFlux, one comparison per workload. */
    record Reactive(List<VirtualVersusReactive> comparisons) implements KeyFact {
        public Reactive {
            comparisons = List.copyOf(comparisons);
        }
    }

    /** A diagnosis of one JVM from its own dumps: what broke in it, or that nothing did. */
    record Diagnosis(Diagnosed diagnosed) implements KeyFact {
    }

    /** None of the above: the finding the verdict opens with. */
    record Opening(Finding finding) implements KeyFact {
        @Override
        public Optional<Finding> restates() {
            return Optional.of(finding);
        }
    }
}
