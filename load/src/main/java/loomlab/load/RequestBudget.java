package loomlab.load;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The measured requests left to issue, shared by every event loop: exactly {@code limit} claims succeed,
 * and the loop that takes the last one tells the others ({@link #whenExhausted}), whose users still
 * thinking would otherwise hold the run open until they woke to find none left.
 */
final class RequestBudget {
    private static final long UNLIMITED = 0;

    private final long limit;
    private final AtomicLong claimed = new AtomicLong();
    private volatile Runnable whenExhausted = () -> { };

    private RequestBudget(long limit) {
        this.limit = limit;
    }

    /** {@code requests} claims, or unlimited for 0 (a run bounded by time). */
    static RequestBudget of(long requests) {
        return new RequestBudget(requests);
    }

    /** Every claim was taken: a user that would only think and then find none left can stop now. */
    boolean exhausted() {
        return limit != UNLIMITED && claimed.get() >= limit;
    }

    /** Run once, on the loop that takes the last claim; set before any loop starts. */
    void whenExhausted(Runnable action) {
        this.whenExhausted = action;
    }

    boolean tryClaim() {
        if (limit == UNLIMITED) {
            return true;
        }
        // Failed claims still count up; harmless, and cheaper than a compare-and-set loop.
        long taken = claimed.getAndIncrement();
        if (taken == limit - 1) {
            whenExhausted.run();
        }
        return taken < limit;
    }
}
