package loomlab.core.arm;

/**
 * One arm of an experiment as planned: what to run, before it runs. The adapters know how to run
 * each kind of plan; the core only describes it.
 */
public interface ArmPlan {
    /** Unique within its experiment, readable in a table. */
    String name();

    /** The thread model or variant as written on the command line, e.g. {@code platform:10}. */
    String mode();
}
