package loomlab.core.arm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.OptionalLong;
import loomlab.core.arm.Endpoint.Sleep.Holding;
import org.junit.jupiter.api.Test;

/** One sleep whatever it holds: its wait is its own, and a delay sweep changes the wait, never what it holds. */
class EndpointTest {
    @Test
    void aSleepWaitsItsMillisAndASweepKeepsWhatItHolds() {
        Endpoint pinned = new Endpoint.Sleep(100, Holding.MONITOR);
        assertEquals(OptionalLong.of(100), pinned.waitMillis());
        assertEquals(new Endpoint.Sleep(250, Holding.MONITOR), pinned.withWaitMillis(250));
        assertEquals(new Endpoint.Sleep(50, Holding.NOTHING), new Endpoint.Sleep(50), "a plain sleep holds nothing");
        assertThrows(IllegalArgumentException.class, () -> new Endpoint.Sleep(-1, Holding.LOCK));
    }

    @Test
    void onlyASleepOnTheOneSharedLockPassesOneAtATime() {
        assertEquals(1, new Endpoint.Sleep(50, Holding.SHARED_LOCK).concurrencyLimit());
        for (Holding own : new Holding[] {Holding.NOTHING, Holding.MONITOR, Holding.LOCK, Holding.CLASS_INIT}) {
            assertEquals(Integer.MAX_VALUE, new Endpoint.Sleep(50, own).concurrencyLimit(), own.toString());
        }
    }
}
