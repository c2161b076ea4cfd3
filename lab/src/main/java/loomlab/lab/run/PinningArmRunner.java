package loomlab.lab.run;

import java.util.List;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.PinningArmPlan;
import loomlab.lab.load.Engines;

/**
 * Runs a pinning arm: the HTTP arm on a server with few carriers, measured by the lab's own
 * generator. The watchdog every HTTP arm has catches the production deadlock when it happens: two
 * thread dumps decide whether it is one, and the server is stopped; a hung run never hangs the lab.
 */
public final class PinningArmRunner implements ArmRunner<PinningArmPlan> {
    private final HttpArmRunner http = new HttpArmRunner(Engines.LAB);

    @Override
    public ArmResult run(PinningArmPlan plan, RunContext context) throws InterruptedException {
        return http.run(plan.http(), context, new FewCarriers(plan));
    }

    @Override
    public void experimentDone() {
        http.experimentDone();
    }

    /** Gives the server its carriers and no more. */
    private record FewCarriers(PinningArmPlan plan) implements HttpArmRunner.ArmHook {
        @Override
        public List<String> serverFlags() {
            return plan.carrierFlags();
        }

        @Override
        public Integer carriers() {
            return plan.carriers();
        }
    }
}
