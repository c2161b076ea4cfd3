package loomlab.lab.assess;

import java.io.PrintStream;
import java.nio.file.Path;
import loomlab.lab.load.Capability;
import loomlab.lab.load.ClosedModelEngine;
import loomlab.lab.load.Engine;
import loomlab.lab.load.Engines;
import loomlab.lab.load.LabClosedModel;
import loomlab.lab.process.ProcessSupervisor;

/**
 * {@code assess --engine}: what drives the closed-model curve, the lab's generator or another engine
 * that can mix weighted paths (Locust's master and workers). The capacity search needs arrivals at a
 * fixed rate whatever the answers (the open model), which only the lab's generator offers, so it
 * always uses the lab's, and the results say which did what. The seeds' tools (ab, siege, wrk) are not
 * among them: they cannot mix weighted paths.
 */
public final class AssessEngines {
    private AssessEngines() {
    }

    /**
     * The curve's engine, keeping its files under {@code dir}.
     *
     * @throws loomlab.core.BadInput for an engine that cannot mix weighted paths, naming those that can
     */
    public static ClosedModelEngine curveEngine(Engines engines, Engine engine, ProcessSupervisor processes,
                                                Path dir, PrintStream console) {
        return engines.require(engine, Capability.PATH_MIX, "assess").closedModel(dir, console, processes);
    }

    /** Why the capacity search is not the chosen engine's, or null when it is the lab's anyway. */
    public static String capacityNote(ClosedModelEngine curve) {
        return curve instanceof LabClosedModel ? null : "the curve is measured by " + curve.name() + "; the capacity search"
                + " uses the lab's own generator, since it needs arrivals at a fixed rate (the open model), which "
                + curve.name() + " does not offer";
    }

    /** For the environment recorded with the results. */
    public static String description(ClosedModelEngine curve) {
        return "closed-model curve: " + (curve instanceof LabClosedModel ? "the lab's generator" : curve.name())
                + " (latency from the actual send); capacity search: the lab's generator in the open model (latency"
                + " from the intended send time, coordinated-omission corrected)";
    }
}
