package loomlab.core.arm;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * An arm of the pinning experiment: an HTTP arm whose server runs with few carriers, watched for a
 * stall: no request completing for {@code stallLimit} while requests are outstanding means the
 * server hung, and the arm ends with a thread dump instead of waiting for timeouts.
 *
 * @param http       the endpoint and load; its variant names the arm ({@code synchronized}, ...)
 * @param carriers   the virtual-thread scheduler's parallelism (and its most carriers)
 * @param stallLimit how long without a completed request counts as a hang
 */
public record PinningArmPlan(HttpArmPlan http, int carriers, Duration stallLimit) implements ArmPlan {
    public PinningArmPlan {
        Objects.requireNonNull(http);
        Objects.requireNonNull(stallLimit);
        if (carriers < 1) {
            throw new IllegalArgumentException("at least one carrier");
        }
    }

    @Override
    public ArmKey key() {
        return http.key();
    }

    @Override
    public PinningArmPlan onJdk(int feature) {
        return new PinningArmPlan(http.withJdk(feature), carriers, stallLimit);
    }

    /**
     * The flags that give the server this many carriers and no more: the scheduler may otherwise
     * add carriers to make up for some blocked ones, which would blur the count.
     */
    public List<String> carrierFlags() {
        return List.of("-Djdk.virtualThreadScheduler.parallelism=" + carriers,
                "-Djdk.virtualThreadScheduler.maxPoolSize=" + carriers);
    }
}
