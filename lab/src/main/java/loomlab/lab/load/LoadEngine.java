package loomlab.lab.load;

import java.net.URI;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpMeasurement;
import loomlab.lab.watch.Watchdog;

/** What drives an HTTP arm: the lab's own generator, or one of the seeds' load tools. */
public interface LoadEngine {
    /** Loads {@code target} with the plan's users for its warm-up time; its figures are discarded. */
    long warmUp(HttpArmPlan plan, URI target, Watchdog watch) throws InterruptedException;

    /**
     * Runs the measured part of the arm against {@code target} on the server whose process is
     * {@code serverPid}; when the engine lets the watchdog see what is outstanding
     * ({@link #watchesMeasurement()}), a run whose server hangs is stopped at the hang and measured up to it.
     */
    HttpMeasurement measure(HttpArmPlan plan, URI target, long serverPid, long warmupRequests,
                            LabLoadEngine.ServerUsageProbe usage, Watchdog watch) throws InterruptedException;

    /** True when the measured run shows the watchdog its requests in flight (the lab's own generator). */
    boolean watchesMeasurement();
}
