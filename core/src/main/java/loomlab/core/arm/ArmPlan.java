package loomlab.core.arm;

/**
 * One arm of an experiment as planned: what to run, before it runs. The adapters know how to run
 * each kind of plan; the core only describes it.
 */
public interface ArmPlan {
    /** The arm's identity, unique within its experiment. */
    ArmKey key();

    /** Readable in a table; derived from the key. */
    default String name() {
        return key().name();
    }

    /** The typed thread model, e.g. a pool of 10 platform threads. */
    default ArmMode mode() {
        return key().mode();
    }

    /**
     * True when the arm can run several times ({@code --repeat K}) and fold into its median run with the
     * spread of all: the arms measured over HTTP (the reactive experiment's assessed arms among them)
     * and those of task throughput and fairness, whose results carry the figures a spread is made of.
     */
    default boolean repeatable() {
        return false;
    }

    /**
     * This arm with its server under test on the JDK of that feature version, when it has one; an
     * arm whose program runs on the lab's own JDK stays as it is.
     */
    default ArmPlan onJdk(int feature) {
        return this;
    }
}
