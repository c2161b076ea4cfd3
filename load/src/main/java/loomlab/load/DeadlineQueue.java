package loomlab.load;

/**
 * Timers with one fixed delay (a request timeout, a think time, a reconnect back-off). Because every
 * entry waits the same delay from a monotonic now, insertion order is deadline order: a FIFO list
 * with O(1) add, remove and expiry, and no allocation, since entries carry their own links.
 * An entry belongs to at most one queue at a time.
 */
final class DeadlineQueue {

    /** Something that waits: carries its own deadline and list links. */
    abstract static class Entry {
        private Entry previous;
        private Entry next;
        private DeadlineQueue queue;
        private long deadline;

        final long deadline() {
            return deadline;
        }

        final boolean isWaiting() {
            return queue != null;
        }
    }

    private final long delayNanos;
    private Entry head;
    private Entry tail;

    DeadlineQueue(long delayNanos) {
        this.delayNanos = delayNanos;
    }

    /** Adds {@code entry}, due {@code delay} after {@code nowNanos}, but never before the last one added. */
    void add(Entry entry, long nowNanos) {
        if (entry.queue != null) {
            throw new IllegalStateException("entry already waits in a queue");
        }
        long deadline = nowNanos + delayNanos;
        if (tail != null && deadline - tail.deadline < 0) {
            deadline = tail.deadline; // a caller's slightly stale now must not break the ordering
        }
        entry.deadline = deadline;
        entry.queue = this;
        entry.previous = tail;
        entry.next = null;
        if (tail == null) {
            head = entry;
        } else {
            tail.next = entry;
        }
        tail = entry;
    }

    /** Removes {@code entry} if it waits here; otherwise does nothing. */
    void remove(Entry entry) {
        if (entry.queue != this) {
            return;
        }
        if (entry.previous == null) {
            head = entry.next;
        } else {
            entry.previous.next = entry.next;
        }
        if (entry.next == null) {
            tail = entry.previous;
        } else {
            entry.next.previous = entry.previous;
        }
        entry.previous = null;
        entry.next = null;
        entry.queue = null;
    }

    /** Removes and returns the earliest entry if it is due at {@code nowNanos}, else null. */
    Entry pollDue(long nowNanos) {
        Entry first = head;
        if (first == null || first.deadline - nowNanos > 0) {
            return null;
        }
        remove(first);
        return first;
    }

    /** The entry due first, or null when empty. */
    Entry first() {
        return head;
    }

    /** The earliest deadline, or {@code Long.MAX_VALUE} when empty. */
    long nextDeadline() {
        return head == null ? Long.MAX_VALUE : head.deadline;
    }

    boolean isEmpty() {
        return head == null;
    }
}
