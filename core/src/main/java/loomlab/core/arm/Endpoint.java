package loomlab.core.arm;

import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * What one request asks the server under test to do. Each server maps an endpoint to its own path
 * (the lab's adapter for that server), so the wait a request adds is a figure of the plan, never a
 * number read back out of a URL.
 */
public sealed interface Endpoint {
    /**
     * The time the request waits of its own accord (a sleep, a downstream call's delay), which no
     * thread model can shorten; empty when the request does no such waiting.
     */
    default OptionalLong waitMillis() {
        return OptionalLong.empty();
    }

    /** The same request with another wait, for a delay sweep; only endpoints that wait have one. */
    default Endpoint withWaitMillis(long millis) {
        throw new UnsupportedOperationException(this + " has no wait to change");
    }

    /**
     * How many of these requests can make progress at once whatever the thread model: unlimited,
     * unless the request serialises on something shared (one lock for all).
     */
    default int concurrencyLimit() {
        return Integer.MAX_VALUE;
    }

    /** True when the server must call the downstream service to answer. */
    default boolean needsDownstream() {
        return false;
    }

    /** A request whose own wait is one fixed time, {@code millis}: a sleep or a downstream delay. */
    sealed interface FixedWait extends Endpoint {
        long millis();

        @Override
        default OptionalLong waitMillis() {
            return OptionalLong.of(millis());
        }
    }

    /** A few bytes, answered at once. */
    record Hello() implements Endpoint {
    }

    /**
     * Sleeps on the request's thread, holding what {@code holding} names: nothing for the blocking
     * endpoint, a monitor or a lock for the pinning experiment's arms, which differ only there.
     */
    record Sleep(long millis, Holding holding) implements FixedWait {
        public Sleep {
            requireMillis(millis);
            Objects.requireNonNull(holding, "holding");
        }

        /** A sleep that holds nothing. */
        public Sleep(long millis) {
            this(millis, Holding.NOTHING);
        }

        @Override
        public Endpoint withWaitMillis(long other) {
            return new Sleep(other, holding);
        }

        /** Every request holds the one shared lock through its sleep, so they pass one at a time. */
        @Override
        public int concurrencyLimit() {
            return holding == Holding.SHARED_LOCK ? 1 : Integer.MAX_VALUE;
        }

        /** What a sleep holds while it sleeps, and so whether it pins its carrier. */
        public enum Holding {
            /** Nothing: the blocking endpoint's sleep. */
            NOTHING,
            /** Inside {@code synchronized} on a monitor of its own: pins its carrier on JDK 21, not since JDK 24. */
            MONITOR,
            /** A {@code ReentrantLock} of its own: JDK 21's workaround, pins on no JDK. */
            LOCK,
            /** Inside a class initializer: pins its carrier on JDK 21 and on JDK 25. */
            CLASS_INIT,
            /**
             * The production deadlock's shape: waits for one shared lock from inside {@code synchronized},
             * then holds it through the sleep. Every request holds the lock in turn.
             */
            SHARED_LOCK
        }
    }

    /** Calls the downstream service, which answers after {@code millis}; the call blocks the request's thread. */
    record DownstreamCall(long millis) implements FixedWait {
        public DownstreamCall {
            requireMillis(millis);
        }

        @Override
        public Endpoint withWaitMillis(long other) {
            return new DownstreamCall(other);
        }

        @Override
        public boolean needsDownstream() {
            return true;
        }
    }

    /** Reads every row of seed 004's table through blocking JDBC, then waits {@code waitMillis} (0: none). */
    record DatabaseRead(long extraWaitMillis) implements Endpoint {
        public DatabaseRead {
            requireMillis(extraWaitMillis);
        }

        @Override
        public OptionalLong waitMillis() {
            return extraWaitMillis == 0 ? OptionalLong.empty() : OptionalLong.of(extraWaitMillis);
        }

        @Override
        public Endpoint withWaitMillis(long other) {
            return new DatabaseRead(other);
        }
    }

    /** Seed 001's CPU-bound work: a BigInteger incremented {@code iterations} times. */
    record CpuWork(long iterations) implements Endpoint {
        public CpuWork {
            if (iterations < 1) {
                throw new IllegalArgumentException("CPU work needs at least one iteration");
            }
        }
    }

    /** The user's own paths, mixed by weight (under {@code loomlab assess}). */
    record Paths(List<WeightedPath> paths) implements Endpoint {
        public Paths {
            paths = List.copyOf(paths);
            if (paths.isEmpty()) {
                throw new IllegalArgumentException("at least one path");
            }
        }
    }

    private static void requireMillis(long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("a wait must not be negative, got " + millis + " ms");
        }
    }
}
