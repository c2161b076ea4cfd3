package loomlab.lab.load;

import java.net.URI;
import loomlab.core.arm.HttpArmPlan;
import loomlab.lab.watch.Watchdog;

/**
 * An engine that measures outside the lab's JVM (a seed's tool, Locust): the lab's generator warms
 * the server up as for any arm (watched), and the measured run cannot show the watchdog what is
 * outstanding, so it is not watched and says so.
 */
public abstract class ExternalEngine implements LoadEngine {
    private final LabLoadEngine warmUps;
    protected ExternalEngine(LabLoadEngine warmUps) {
        this.warmUps = warmUps;
    }

    @Override
    public final long warmUp(HttpArmPlan plan, URI target, Watchdog watch) throws InterruptedException {
        return warmUps.warmUp(plan, target, watch);
    }

    @Override
    public final boolean watchesMeasurement() {
        return false;
    }
}
