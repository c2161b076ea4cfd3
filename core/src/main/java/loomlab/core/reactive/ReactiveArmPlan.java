package loomlab.core.reactive;

import java.time.Duration;
import java.util.Objects;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ServerId;
import loomlab.core.assess.AssessArmPlan;
import loomlab.core.assess.AssessProfile;

/**
 * One arm of the reactive experiment: one of the lab's Spring servers in one thread model, under one
 * workload, measured as {@code assess} measures a service (a short closed-model curve, then the
 * capacity at the p99 target in the open model, then its costs at the rate every arm carried).
 *
 * @param arm      the assessed arm: its key (server, mode, workload), threads and platform pool
 * @param workload what every request of the arm asks for
 * @param profile  how long the curve and the capacity steps run
 * @param sloP99Ms the p99 target the capacity is searched against
 * @param commonRateRps the rate every arm of the workload is offered for its costs
 * @param warmup   how long the fresh server is driven before its curve, unmeasured
 * @param warmupUsers with how many users
 */
public record ReactiveArmPlan(AssessArmPlan arm, ReactiveWorkload workload, AssessProfile profile, double sloP99Ms,
                              double commonRateRps, Duration warmup, int warmupUsers) implements ArmPlan {
    public ReactiveArmPlan {
        Objects.requireNonNull(arm);
        Objects.requireNonNull(workload);
        Objects.requireNonNull(profile);
        if (!ServerId.SPRING.equals(arm.key().server()) && !ServerId.WEBFLUX.equals(arm.key().server())) {
            throw new IllegalArgumentException("the reactive experiment runs the Spring servers, not "
                    + arm.key().server());
        }
        if (warmup.isNegative() || warmup.isZero() || warmupUsers < 1) {
            throw new IllegalArgumentException("a warm-up runs for some time with some users: " + warmup + ", "
                    + warmupUsers);
        }
        if (!(sloP99Ms > 0) || !(commonRateRps > 0)) {
            throw new IllegalArgumentException("a p99 target and a common rate are positive, got " + sloP99Ms + " ms, "
                    + commonRateRps + " req/s");
        }
    }

    @Override
    public ArmKey key() {
        return arm.key();
    }

    public ServerId server() {
        return arm.key().server();
    }

    /** Its runs fold into the median run by capacity, each kept, and the findings read their span. */
    @Override
    public boolean repeatable() {
        return true;
    }

    @Override
    public ReactiveArmPlan onJdk(int feature) {
        return new ReactiveArmPlan(arm.onJdk(feature), workload, profile, sloP99Ms, commonRateRps, warmup,
                warmupUsers);
    }
}
