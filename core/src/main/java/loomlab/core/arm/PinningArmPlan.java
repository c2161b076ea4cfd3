package loomlab.core.arm;

import java.util.List;
import java.util.Objects;

/**
 * An arm of the pinning experiment: an HTTP arm whose server runs with few carriers (the watchdog
 * every arm has catches it if it hangs).
 *
 * @param http     the endpoint and load; its variant names the arm ({@code synchronized}, ...)
 * @param carriers the virtual-thread scheduler's parallelism (and its most carriers)
 */
public record PinningArmPlan(HttpArmPlan http, int carriers) implements ArmPlan {
    public PinningArmPlan {
        Objects.requireNonNull(http);
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
        return new PinningArmPlan(http.withJdk(feature), carriers);
    }

    /**
     * The flags that give the server this many carriers and no more: the scheduler may otherwise
     * add carriers to make up for some blocked ones, which would blur the count.
     */
    public List<String> carrierFlags() {
        return new Carriers(carriers).fixedFlags();
    }

    @Override
    public boolean repeatable() {
        return true;
    }
}
