package loomlab.core.bound;

import java.time.Duration;
import java.util.Objects;

/**
 * How long each user pauses between requests, and how: the lab's users pause exactly this long
 * after every answer; siege's {@code -d} waits a random time from 0 to this long before every
 * request (half of it on average). The think time of Little's law, so it lives with the bounds that
 * read it ({@link LittlesLaw}, {@link WaitTerm}).
 */
public record Pause(Duration length, Model model) {
    public static final Pause NONE = new Pause(Duration.ZERO, Model.FIXED_AFTER_ANSWER);

    public enum Model {
        /** Exactly {@code length} after each answer (the lab's closed-model think time). */
        FIXED_AFTER_ANSWER,
        /** A uniformly random time from 0 to {@code length} before each request (siege's -d). */
        UNIFORM_BEFORE_REQUEST
    }

    public Pause {
        Objects.requireNonNull(length);
        Objects.requireNonNull(model);
        if (length.isNegative()) {
            throw new IllegalArgumentException("a pause must not be negative");
        }
    }

    public static Pause fixed(Duration length) {
        return new Pause(length, Model.FIXED_AFTER_ANSWER);
    }

    public boolean isNone() {
        return length.isZero();
    }

    public double seconds() {
        return length.toNanos() / 1e9;
    }

    /** The pause a request sees on average: all of it, or half of it when it is uniformly random. */
    public double meanSeconds() {
        return model == Model.UNIFORM_BEFORE_REQUEST ? seconds() / 2 : seconds();
    }

    public Pause withModel(Model other) {
        return new Pause(length, other);
    }
}
