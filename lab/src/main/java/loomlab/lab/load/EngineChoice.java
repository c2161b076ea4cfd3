package loomlab.lab.load;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import loomlab.core.arm.HttpArmPlan;
import loomlab.lab.load.locust.LocustEngine;
import loomlab.lab.load.locust.LocustInstall;
import loomlab.lab.load.locust.LocustWorkers;
import loomlab.lab.process.ProcessSupervisor;

/**
 * The engine a run measures with, and for Locust where its workers run ({@code null} for the
 * other engines, which are one process each).
 */
public record EngineChoice(Engine engine, LocustWorkers workers) {
    public EngineChoice {
        Objects.requireNonNull(engine);
        if (engine.can(Capability.DISTRIBUTED) != (workers != null)) {
            throw new IllegalArgumentException("workers go with an engine that runs workers, and only with one");
        }
    }

    /** The engine with its defaults: Locust with one local worker. */
    public static EngineChoice of(Engine engine) {
        return new EngineChoice(engine, engine.can(Capability.DISTRIBUTED) ? LocustWorkers.local(1) : null);
    }

    public static EngineChoice locust(LocustWorkers workers) {
        return new EngineChoice(Engine.LOCUST, workers);
    }

    public String label() {
        return engine.label();
    }

    /**
     * Makes sure the engine can run: its tool installed in a folder of {@code path} (as {@code PATH}
     * lists them), or Locust installed into the lab's own folder under {@code labHome} (said on
     * {@code console}); else bad input saying what to install.
     */
    public EngineChoice prepare(Path labHome, String path, PrintStream console, ProcessSupervisor processes)
            throws InterruptedException {
        engine.requireInstalled(path).installIfNeeded(labHome, console, processes);
        return this;
    }

    public HttpArmPlan asRun(HttpArmPlan plan) {
        return engine.asRun(plan);
    }

    /**
     * The engine for one arm, see {@link Engine#create}; Locust is installed under {@code labHome}
     * and keeps its files beside {@code histogramLog}, in a folder named like it.
     */
    public LoadEngine create(PrintStream console, boolean live, ProcessSupervisor processes, Path histogramLog,
                             Path toolDir, Path labHome) {
        if (workers == null) {
            return engine.create(console, live, processes, histogramLog, toolDir, labHome);
        }
        // Beside the arm's other files, named like them: arms/<experiment>-<arm>[-run<N>]-locust/
        Path runDir = histogramLog == null ? toolDir.resolve("locust") : histogramLog.resolveSibling(
                histogramLog.getFileName().toString().replaceFirst("\\.[^.]*$", "") + "-locust");
        return new LocustEngine(new LabLoadEngine(console, live), new LocustInstall(labHome), workers, processes,
                runDir, console);
    }

    /**
     * The address the servers under test listen on: where Locust's workers on other hosts reach this
     * machine; null (127.0.0.1) when every load process runs here.
     */
    public String serverAddress() {
        return workers == null || (workers.remote().isEmpty() && workers.external() == 0) ? null
                : workers.masterAddress();
    }

    /** For the environment in results.json. */
    public String description() {
        return workers != null ? engine.description() + ", " + workers.count() + " worker(s): "
                + workers.describe() : engine.description();
    }

}
