package loomlab.core.arm;

import java.time.Duration;
import java.util.Objects;

/**
 * The load a server gets before its arm is measured (JIT, connections, pools), whose figures are
 * discarded: how long, and what is requested, so that a 3 s endpoint can be warmed by a short one.
 */
public record Warmup(Duration length, Endpoint endpoint) {
    public static Warmup none(Endpoint endpoint) {
        return new Warmup(Duration.ZERO, endpoint);
    }

    public Warmup {
        Objects.requireNonNull(length);
        Objects.requireNonNull(endpoint);
        if (length.isNegative()) {
            throw new IllegalArgumentException("a warm-up must not be negative");
        }
    }

    public boolean isNone() {
        return length.isZero();
    }
}
