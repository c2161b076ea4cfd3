package loomlab.lab.load;

import java.net.URI;
import loomlab.core.arm.HttpArmPlan;

/**
 * An engine that measures outside the lab's JVM (a seed's tool, Locust): the lab's generator warms
 * the server up as for any arm, and a run cannot be cut short when the server stalls.
 */
public abstract class ExternalEngine implements LoadEngine {
    private final LabLoadEngine warmUps;
    private final String name;

    protected ExternalEngine(LabLoadEngine warmUps, String name) {
        this.warmUps = warmUps;
        this.name = name;
    }

    @Override
    public final long warmUp(HttpArmPlan plan, URI target) throws InterruptedException {
        return warmUps.warmUp(plan, target);
    }

    /** Arms that watch for a stall need the lab's engine, which can stop a hung run and measure up to it. */
    protected final void refuseStallWatch(StallWatch stallWatch) {
        if (stallWatch != null) {
            throw new IllegalArgumentException(name + " cannot be stopped on a stall; use the lab's engine");
        }
    }
}
