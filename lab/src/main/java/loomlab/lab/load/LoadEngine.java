package loomlab.lab.load;

import java.net.URI;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpMeasurement;

/** What drives an HTTP arm: the lab's own generator, or one of the seeds' load tools. */
public interface LoadEngine {
    /** Loads the warm-up path for the plan's warm-up time; its figures are discarded. */
    long warmUp(HttpArmPlan plan, URI base) throws InterruptedException;

    /** Runs the measured part of the arm against the server at {@code base}. */
    HttpMeasurement measure(HttpArmPlan plan, URI base, long serverPid, long warmupRequests,
                            LabLoadEngine.ServerUsageProbe usage) throws InterruptedException;
}
