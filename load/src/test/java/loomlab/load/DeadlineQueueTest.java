package loomlab.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DeadlineQueueTest {

    private static final class Timer extends DeadlineQueue.Entry {
    }

    private final DeadlineQueue queue = new DeadlineQueue(100);
    private final Timer first = new Timer();
    private final Timer second = new Timer();
    private final Timer third = new Timer();

    @Test
    void entriesComeDueInOrderAfterTheFixedDelay() {
        queue.add(first, 0);
        queue.add(second, 10);
        assertEquals(100, queue.nextDeadline());
        assertNull(queue.pollDue(99));
        assertSame(first, queue.pollDue(100));
        assertNull(queue.pollDue(109));
        assertSame(second, queue.pollDue(110));
        assertTrue(queue.isEmpty());
        assertEquals(Long.MAX_VALUE, queue.nextDeadline());
    }

    @Test
    void removingFromAnywhereKeepsTheRestInOrder() {
        queue.add(first, 0);
        queue.add(second, 1);
        queue.add(third, 2);
        queue.remove(second);
        assertFalse(second.isWaiting());
        assertSame(first, queue.pollDue(1_000));
        assertSame(third, queue.pollDue(1_000));
        assertNull(queue.pollDue(1_000));
    }

    @Test
    void removingAnEntryThatDoesNotWaitHereChangesNothing() {
        DeadlineQueue other = new DeadlineQueue(5);
        other.add(first, 0);
        queue.add(second, 0);
        queue.remove(first);
        assertTrue(first.isWaiting());
        assertSame(first, other.pollDue(5));
        queue.remove(first);
        assertSame(second, queue.pollDue(100));
    }

    @Test
    void aStaleNowCannotPutAnEntryBeforeALaterOne() {
        queue.add(first, 50);
        queue.add(second, 40);
        assertEquals(150, second.deadline());
        assertSame(first, queue.pollDue(150));
        assertSame(second, queue.pollDue(150));
    }

    @Test
    void anEntryWaitsInOneQueueAtATime() {
        queue.add(first, 0);
        assertThrows(IllegalStateException.class, () -> new DeadlineQueue(1).add(first, 0));
    }

    @Test
    void aPolledEntryCanBeAddedAgain() {
        queue.add(first, 0);
        assertSame(first, queue.pollDue(100));
        queue.add(first, 100);
        assertEquals(200, queue.nextDeadline());
    }
}
