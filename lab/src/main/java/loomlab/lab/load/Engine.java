package loomlab.lab.load;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import loomlab.core.arm.HttpArmPlan;
import loomlab.lab.process.ProcessSupervisor;

/**
 * What {@code --engine} names: a load engine as a run configured it, and what it can do. The lab's
 * generator, the seeds' tools (ab, siege, wrk) and Locust are each one engine; {@code StandardEngines}
 * is the one list a new engine joins, and nothing else names one. Commands and options ask for a
 * {@link Capability}, never for an engine by name. Warm-ups always use the lab's generator.
 */
public interface Engine {
    /** As {@code --engine} spells it, e.g. {@code wrk}. */
    String label();

    /** What it can do; a check asks for one of these ({@link Engines#require}). */
    Set<Capability> capabilities();

    default boolean can(Capability capability) {
        return capabilities().contains(capability);
    }

    /** For {@code --engine}'s help, after what it can do: where it must be installed, what the lab installs. */
    default List<String> helpNotes() {
        return ownInstall().map(install -> List.of(install.product() + " " + install.version()
                + ", installed by the lab on first use")).orElse(List.of());
    }

    /**
     * Figures the help of options that only this engine reads quotes, by name ({@code loomlab.help.NAME}),
     * e.g. a default port: the engine states them, so help and code cannot disagree.
     */
    default Map<String, String> helpFacts() {
        return Map.of();
    }

    /**
     * This engine, once what it runs on is known to be installed in one of {@code path}'s folders (as
     * {@code PATH} lists them); else bad input saying how to install it.
     */
    Engine requireInstalled(String path);

    /** What the lab installs itself for this engine, into its own folder, on first use; empty when nothing. */
    default Optional<OwnInstall> ownInstall() {
        return Optional.empty();
    }

    /**
     * What this engine needs, installed now: checked on {@code path} (else bad input), and its own install
     * made on first use, said on {@code said}. Every command that measures calls it before any results
     * folder exists.
     */
    default void prepare(String path, PrintStream said, ProcessSupervisor processes) throws InterruptedException {
        requireInstalled(path);
        if (ownInstall().isPresent()) {
            ownInstall().get().ensure(said, processes);
        }
    }

    /**
     * This engine with its workers placed as {@code --workers} and the options beside it asked ({@link
     * Capability#DISTRIBUTED}); an engine without workers is never asked.
     */
    default Engine placed(WorkerPlacement placement) {
        throw new UnsupportedOperationException(label() + " runs no workers");
    }

    /** The arm as this engine runs it, which its bounds are computed from. */
    default HttpArmPlan asRun(HttpArmPlan plan) {
        return plan;
    }

    /**
     * The engine for one arm; the lab's generator keeps its histogram log in {@code histogramLog},
     * another engine its files beside it or under {@code toolDir}.
     */
    LoadEngine create(PrintStream console, boolean live, ProcessSupervisor processes, Path histogramLog,
                      Path toolDir);

    /**
     * The address the servers under test listen on: where load processes on other hosts reach this
     * machine; null (127.0.0.1) when every load process runs here.
     */
    default String serverAddress() {
        return null;
    }

    /** For the environment in results.json. */
    String description();

    /**
     * The closed-model users of an assessment's curve ({@link Capability#PATH_MIX}), keeping their files
     * under {@code dir}; an engine that cannot mix paths is never asked.
     */
    default ClosedModelEngine closedModel(Path dir, PrintStream console, ProcessSupervisor processes) {
        throw new UnsupportedOperationException(label() + " cannot mix weighted paths");
    }

    /** Options of {@code load} this engine cannot honour: bad input saying so, before anything is installed. */
    default void refuse(UrlLoad load) {
    }

    /**
     * {@code loomlab load} ({@link Capability#STANDALONE}): loads the URL on its own and prints its figures
     * (a table, or JSON) on {@code output}'s {@code out}; an engine that cannot is never asked.
     */
    default void load(UrlLoad load, UrlLoad.Output output) throws InterruptedException, IOException {
        throw new UnsupportedOperationException(label() + " cannot load a URL on its own");
    }
}
