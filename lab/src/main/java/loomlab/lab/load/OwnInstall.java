package loomlab.lab.load;

import java.io.PrintStream;
import java.nio.file.Path;
import loomlab.lab.process.ProcessSupervisor;

/**
 * What the lab installs itself for an engine, into its own folder, on first use (Locust), and what
 * {@code loomlab install NAME} installs now.
 */
public interface OwnInstall {
    /** What {@code loomlab install} takes, e.g. {@code locust}. */
    String name();

    /** e.g. {@code Locust}. */
    String product();

    /** The version the lab pins. */
    String version();

    /** For {@code install}'s help: what is installed, and how, e.g. "Locust 2.47.0 in a virtual environment". */
    String describe();

    /** Where it is installed. */
    Path folder();

    boolean installed();

    /**
     * Installs it unless it is there, saying so on {@code console}; bad input naming what to install
     * first when that is missing, or why the install failed.
     */
    OwnInstall ensure(PrintStream console, ProcessSupervisor processes) throws InterruptedException;
}
