package loomlab.lab.load;

import java.net.URI;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpMeasurement;

/** What drives an HTTP arm: the lab's own generator, or one of the seeds' load tools. */
public interface LoadEngine {
    /** Loads {@code target} with the plan's users for its warm-up time; its figures are discarded. */
    long warmUp(HttpArmPlan plan, URI target) throws InterruptedException;

    /**
     * Runs the measured part of the arm against {@code target} on the server whose process is
     * {@code serverPid}; with a {@code stallWatch}, a run whose server stops answering is stopped
     * and measured up to the stall (the lab's generator only).
     */
    HttpMeasurement measure(HttpArmPlan plan, URI target, long serverPid, long warmupRequests,
                            LabLoadEngine.ServerUsageProbe usage, StallWatch stallWatch) throws InterruptedException;
}
