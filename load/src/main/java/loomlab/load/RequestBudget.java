package loomlab.load;

import java.util.concurrent.atomic.AtomicLong;

/** The measured requests left to issue, shared by every event loop: exactly {@code limit} claims succeed. */
final class RequestBudget {
    private static final long UNLIMITED = 0;

    private final long limit;
    private final AtomicLong claimed = new AtomicLong();

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

    boolean tryClaim() {
        // Failed claims still count up; harmless, and cheaper than a compare-and-set loop.
        return limit == UNLIMITED || claimed.getAndIncrement() < limit;
    }
}
