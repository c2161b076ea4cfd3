package loomlab.lab.load;

import java.time.Duration;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.bound.LittlesLaw;

/** How long a load tool may take over an arm before the lab gives up on it as hung. */
public final class ArmLimits {
    private ArmLimits() {
    }

    /**
     * The arm's duration and two minutes; for an arm that counts requests, ten times its bound and two
     * minutes (a request with no wait of its own is given a second: the limit only stops a hung tool).
     */
    public static Duration forTool(HttpArmPlan plan) {
        if (!plan.countsRequests()) {
            return plan.load().duration().plusMinutes(2);
        }
        double waitS = plan.endpoint().waitMillis().orElse(1000) / 1000.0;
        double bound = LittlesLaw.elapsedBound(plan.load().requests(), plan.users(), plan.serverLimit(),
                Math.max(waitS, 0.001), plan.load().pause());
        return Duration.ofSeconds(120 + (long) Math.ceil(10 * bound));
    }
}
