package loomlab.lab.load;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import loomlab.core.arm.HttpArmPlan;

/**
 * One of the seeds' load tools, run as a process in place of the lab's generator: how to ask it
 * for an arm's load and how to read what it printed.
 */
sealed interface LoadTool permits AbTool, SiegeTool, WrkTool {
    /** The program, e.g. {@code wrk}. */
    String program();

    /** Whether it sends its first request alone and waits for its answer before the others. */
    default boolean sendsFirstRequestAlone() {
        return false;
    }

    /** The command line for the measured part of {@code plan} against {@code target}. */
    List<String> command(HttpArmPlan plan, URI target, Path workDir) throws IOException;

    /** The figures in the tool's output; an {@link IllegalStateException} when they are not there. */
    ToolFigures parse(String output);

    /**
     * The arm as the tool can run it, which the bounds are computed from: the same unless the tool
     * lacks a feature the arm uses.
     */
    default HttpArmPlan asRun(HttpArmPlan plan) {
        return plan;
    }

    /** What the tool does differently from the lab's generator for this arm, for the console. */
    String differences(HttpArmPlan plan);

    /** How long the tool may run before the lab gives up on it. */
    default Duration limit(HttpArmPlan plan) {
        return ArmLimits.forTool(plan);
    }

    static long wholeSeconds(Duration duration) {
        return Math.max(1, (duration.toMillis() + 999) / 1000);
    }
}
