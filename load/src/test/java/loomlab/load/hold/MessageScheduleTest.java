package loomlab.load.hold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class MessageScheduleTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private final MessageSchedule fourPerSecond = new MessageSchedule(1_000 * MS, 4);

    @Test
    void spreadsTheConnectionsEvenlyOverOneInterval() {
        assertEquals(0, fourPerSecond.spreadNanos(0));
        assertEquals(250 * MS, fourPerSecond.spreadNanos(1));
        assertEquals(500 * MS, fourPerSecond.spreadNanos(2));
        assertEquals(750 * MS, fourPerSecond.spreadNanos(3));
    }

    @Test
    void messageKOfConnectionIComesKIntervalsAfterItsSpread() {
        assertEquals(0, fourPerSecond.offsetNanos(0, 0));
        assertEquals(3_500 * MS, fourPerSecond.offsetNanos(2, 3));
        assertEquals(1_000_750 * MS, fourPerSecond.offsetNanos(3, 1_000));
    }

    @Test
    void theFirstMessageOwedIsTheFirstAtOrAfterTheGivenTime() {
        assertEquals(0, fourPerSecond.firstMessageAtOrAfter(1, 0));
        assertEquals(0, fourPerSecond.firstMessageAtOrAfter(1, 250 * MS));
        assertEquals(1, fourPerSecond.firstMessageAtOrAfter(1, 250 * MS + 1));
        assertEquals(1, fourPerSecond.firstMessageAtOrAfter(1, 1_250 * MS));
        assertEquals(2, fourPerSecond.firstMessageAtOrAfter(1, 1_250 * MS + 1));
        assertEquals(0, fourPerSecond.firstMessageAtOrAfter(0, -5));
        assertEquals(7, fourPerSecond.firstMessageAtOrAfter(0, 7_000 * MS));
    }

    @Test
    void spreadsAreFlooredWhenTheIntervalDoesNotDivide() {
        MessageSchedule schedule = new MessageSchedule(10, 3);
        assertEquals(0, schedule.spreadNanos(0));
        assertEquals(3, schedule.spreadNanos(1)); // 10/3
        assertEquals(6, schedule.spreadNanos(2)); // 20/3
    }

    @Test
    void doesNotOverflowWithAMillionConnectionsAndAnHourInterval() {
        MessageSchedule schedule = new MessageSchedule(TimeUnit.HOURS.toNanos(1), 1_000_000);
        assertEquals(TimeUnit.HOURS.toNanos(1) / 1_000_000 * 999_999, schedule.spreadNanos(999_999));
    }

    @Test
    void slotsVisitTheConnectionsRoundRobinInTimeOrder() {
        MessageSchedule schedule = new MessageSchedule(1_000 * MS, 7);
        assertEquals(3, schedule.connectionOfSlot(17));
        assertEquals(2, schedule.messageOfSlot(17));
        assertEquals(schedule.offsetNanos(3, 2), schedule.slotOffsetNanos(17));
        for (long slot = 1; slot < 200; slot++) {
            assertTrue(schedule.slotOffsetNanos(slot) >= schedule.slotOffsetNanos(slot - 1), "slot " + slot);
        }
        assertEquals(1_000 * MS, fourPerSecond.slotOffsetNanos(4)); // round 1 starts one interval after round 0
    }

    @Test
    void refusesANonsensicalSchedule() {
        assertThrows(IllegalArgumentException.class, () -> new MessageSchedule(0, 4));
        assertThrows(IllegalArgumentException.class, () -> new MessageSchedule(1_000, 0));
    }
}
