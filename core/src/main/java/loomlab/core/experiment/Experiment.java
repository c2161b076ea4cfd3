package loomlab.core.experiment;

import java.util.List;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;

/**
 * An experiment from a seed document: the arms it runs and what their figures mean. Adding an
 * experiment means adding one implementation and listing it in {@link Experiments}.
 */
public interface Experiment {
    /** The name used on the command line, e.g. {@code service-to-service}. */
    String name();

    /** Which seed document it reproduces and what it asks, in one line. */
    String summary();

    /** The arms to run in this profile, in order. */
    List<ArmPlan> plan(Profile profile);

    /** One plain sentence or two: what won, by how much, and why. Arms that did not run are in the list too. */
    String verdict(List<ArmResult> arms);
}
