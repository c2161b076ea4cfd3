package loomlab.core.arm;

import java.util.List;
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

    /** Sleeps on the request's thread. */
    record Sleep(long millis) implements FixedWait {
        public Sleep {
            requireMillis(millis);
        }

        @Override
        public Endpoint withWaitMillis(long other) {
            return new Sleep(other);
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

    /** Sleeps inside {@code synchronized} on a monitor of its own: pins its carrier on JDK 21, not since JDK 24. */
    record SynchronizedSleep(long millis) implements FixedWait {
        public SynchronizedSleep {
            requireMillis(millis);
        }

        @Override
        public Endpoint withWaitMillis(long other) {
            return new SynchronizedSleep(other);
        }
    }

    /** Sleeps holding a {@code ReentrantLock} of its own: JDK 21's workaround, pins on no JDK. */
    record LockedSleep(long millis) implements FixedWait {
        public LockedSleep {
            requireMillis(millis);
        }

        @Override
        public Endpoint withWaitMillis(long other) {
            return new LockedSleep(other);
        }
    }

    /** Sleeps inside a class initializer: pins its carrier on JDK 21 and on JDK 25. */
    record ClassInitSleep(long millis) implements FixedWait {
        public ClassInitSleep {
            requireMillis(millis);
        }

        @Override
        public Endpoint withWaitMillis(long other) {
            return new ClassInitSleep(other);
        }
    }

    /**
     * The production deadlock's shape: waits for one shared lock from inside {@code synchronized},
     * then holds it through a sleep of {@code millis}. Every request holds the lock in turn.
     */
    record SharedLockSleep(long millis) implements FixedWait {
        public SharedLockSleep {
            requireMillis(millis);
        }

        /** Every request holds the one lock through its sleep, so they pass one at a time. */
        @Override
        public int concurrencyLimit() {
            return 1;
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
