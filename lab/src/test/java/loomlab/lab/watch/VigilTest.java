package loomlab.lab.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import loomlab.lab.watch.Vigil.Decision;
import loomlab.load.RunSample;
import org.junit.jupiter.api.Test;

/** The watchdog's rules, fed samples with their own times: no clock, no thread. */
class VigilTest {
    private static final WatchLimits QUICK = new WatchLimits(Duration.ofSeconds(3), Duration.ofSeconds(1), 20, 5,
            Duration.ofSeconds(2));
    private static final long MS = 1_000_000;

    /** A sample at {@code atMs}: answers so far, requests outstanding, and when the oldest of them was sent. */
    private static RunSample at(long atMs, long answered, int inFlight, long oldestSentMs) {
        return new RunSample(atMs * MS, answered, 0, inFlight, oldestSentMs * MS, inFlight == 0 ? null : "/slow");
    }

    @Test
    void nothingAnsweredForTheHangLimitWithRequestsOutstandingIsAHang() {
        Vigil vigil = new Vigil(QUICK);
        assertEquals(Decision.NONE, vigil.next(at(0, 0, 8, 0), 1.0, true));
        assertEquals(Decision.NONE, vigil.next(at(100, 40, 8, 90), 1.0, true));
        assertEquals(Decision.NONE, vigil.next(at(3_000, 40, 8, 100), 1.0, true), "2.9 s silent");
        assertEquals(Decision.HANG, vigil.next(at(3_100, 40, 8, 100), 1.0, true), "3.0 s silent");
        assertEquals(3_000 * MS, vigil.silentNanos(at(3_100, 40, 8, 100)));
        assertEquals(40, vigil.answered());
    }

    @Test
    void silenceWithNothingOutstandingIsNoHangAndErrorsAreNoAnswers() {
        Vigil idle = new Vigil(QUICK);
        assertEquals(Decision.NONE, idle.next(at(0, 5, 0, 0), 1.0, true));
        assertEquals(Decision.NONE, idle.next(at(10_000, 5, 0, 0), 1.0, true), "idle, not hung");
        assertEquals(Decision.NONE, idle.next(at(10_100, 5, 3, 10_050), 1.0, true),
                "the silence counts from the first request outstanding");
        Vigil failing = new Vigil(QUICK);
        failing.next(at(0, 0, 2, 0), 1.0, true);
        RunSample onlyTimeouts = new RunSample(3_500 * MS, 0, 40, 2, 3_400 * MS, "/x");
        assertEquals(Decision.HANG, failing.next(onlyTimeouts, 1.0, true),
                "requests that failed are not answers: nothing was answered for 3.5 s");
    }

    @Test
    void theHangLimitGrowsWithTheMedianSoASlowServiceIsNotCalledHung() {
        Vigil slow = new Vigil(QUICK);
        slow.next(at(0, 0, 4, 0), 500.0, true);
        assertEquals(Decision.NONE, slow.next(at(9_000, 0, 4, 0), 500.0, true), "20 x 500 ms = 10 s");
        assertEquals(Decision.HANG, slow.next(at(10_000, 0, 4, 0), 500.0, true));
    }

    @Test
    void oneRequestWaitingWhileOthersAreAnsweredIsAStallDumpedOnceASecondWhileItLasts() {
        Vigil vigil = new Vigil(QUICK);
        assertEquals(Decision.NONE, vigil.next(at(0, 0, 3, 0), 2.0, true));
        assertEquals(Decision.NONE, vigil.next(at(900, 300, 3, 0), 2.0, true), "0.9 s: under a second");
        // 3 in flight, 330 answers in the last second: 9 ms each by Little's law, against one waiting 1 s.
        assertEquals(Decision.DUMP, vigil.next(at(1_000, 330, 3, 0), 2.0, true), "1 s while others answer");
        assertEquals(Decision.WAIT, vigil.next(at(1_500, 380, 3, 0), 2.0, true), "the next dump in a second");
        assertEquals(Decision.DUMP, vigil.next(at(2_000, 430, 3, 0), 2.0, true));
        assertEquals(Decision.WAIT, vigil.next(at(2_500, 480, 3, 0), 2.0, false), "no dump left: wait");
        assertEquals(Decision.STALL_ENDED, vigil.next(at(3_000, 531, 3, 2_990), 2.0, true),
                "the oldest request now is a new one: the stalled one was settled");
        assertEquals(Decision.NONE, vigil.next(at(3_200, 560, 3, 3_190), 2.0, true));
    }

    @Test
    void aQueueWhereEveryRequestWaitsIsNoStall() {
        Vigil vigil = new Vigil(QUICK);
        vigil.next(at(0, 0, 16, 0), 2.0, true);
        vigil.next(at(500, 10, 16, 0), 2.0, true);
        assertEquals(Decision.NONE, vigil.next(at(1_500, 30, 16, 0), 2.0, true),
                "16 in flight at 20 answers a second: each waits 800 ms by Little's law, no quick answer beside 1.5 s");
    }

    @Test
    void aQueueInItsFirstSecondIsNoStallForTheRestsWaitIsNotYetKnown() {
        Vigil vigil = new Vigil(QUICK);
        vigil.next(at(200, 0, 20, 0), 50.0, true);
        vigil.next(at(600, 8, 20, 0), 50.0, true);
        assertEquals(Decision.NONE, vigil.next(at(1_050, 19, 20, 0), 50.0, true),
                "20 users on one thread: the first request sent waited 1.05 s, and so does each");
        assertEquals(Decision.NONE, vigil.next(at(1_300, 24, 20, 250), 50.0, true),
                "a second of samples: 20 in flight at about 20 answers a second is a queue");
    }

    @Test
    void aQueueDrainingAtTheEndOfARunIsNoStall() {
        Vigil vigil = new Vigil(QUICK);
        long answered = 0;
        for (long ms = 0; ms <= 2_000; ms += 200) {
            assertEquals(Decision.NONE, vigil.next(at(ms, answered, 20, ms - 1_000), 50.0, true), "queued at " + ms);
            answered += 4;
        }
        // The users stop sending: the queue of one thread drains at 20 answers a second.
        int inFlight = 20;
        for (long ms = 2_200; ms <= 2_800; ms += 200) {
            inFlight -= 4;
            answered += 4;
            assertEquals(Decision.NONE, vigil.next(at(ms, answered, inFlight, 1_000), 50.0, true),
                    inFlight + " left at " + ms + ": the last of a queue waited as long as each before it");
        }
    }

    @Test
    void aStallNeedsOthersToBeAnswered() {
        Vigil vigil = new Vigil(QUICK);
        vigil.next(at(0, 10, 2, 0), 2.0, true);
        assertEquals(Decision.NONE, vigil.next(at(1_500, 10, 2, 0), 2.0, true),
                "nothing answered for 1.5 s: not a stall (and not yet a hang)");
    }

    /**
     * Issue 39's audit, "a dropped SYN becomes a service stall": a request still connecting when it is
     * found stalled, in a run whose listen overflows rose, was dropped at the backlog; the service never
     * saw it. Reversed: connected, or no overflow (or none read), it is the service's stall.
     */
    @Test
    void aDroppedSynIsABacklogDropNotAServiceStall() {
        RunSample connecting = new RunSample(1_100 * MS, 90, 0, 1, 0, "/hello", 0, 0, true);
        assertEquals(true, Vigil.droppedAtBacklog(connecting, 3L));
        RunSample connected = new RunSample(1_100 * MS, 90, 0, 1, 0, "/hello", 0, 0, false);
        assertEquals(false, Vigil.droppedAtBacklog(connected, 3L), "the server accepted it: its stall");
        assertEquals(false, Vigil.droppedAtBacklog(connecting, 0L), "no SYN dropped in the run");
        assertEquals(false, Vigil.droppedAtBacklog(connecting, null), "the counter could not be read");
    }

    /**
     * Issue 49: Linux also drops a handshake's last ACK at a full accept queue, so connect() succeeds and the
     * request goes unanswered on a connection the service never accepted. A request on a fresh connection (one
     * that has carried no answer) that stalled while the listen overflows rose is a backlog drop, connected or
     * not. Reversed: the overflows did not rise, or the connection has carried an answer (an old one, reused),
     * and it is the service's stall.
     */
    @Test
    void aFreshConnectionThatConnectedButGotNoAnswerWhileTheBacklogOverflowedIsABacklogDrop() {
        RunSample fresh = new RunSample(1_100 * MS, 90, 0, 1, 0, "/hello", 0, 0, false, true);
        assertEquals(true, Vigil.droppedAtBacklog(fresh, 3L), "connected, its last ACK dropped: the backlog's");
        assertEquals(false, Vigil.droppedAtBacklog(fresh, 0L), "no overflow in the run: the service's stall");
        assertEquals(false, Vigil.droppedAtBacklog(fresh, null), "the counter could not be read");
        RunSample reused = new RunSample(1_100 * MS, 90, 0, 1, 0, "/hello", 0, 0, false, false);
        assertEquals(false, Vigil.droppedAtBacklog(reused, 3L), "an answer came on it before: accepted, the service's");
    }

    /**
     * A silence long enough for a hang whose oldest request the kernel holds at the listen backlog (the one
     * straggler of a step, on a fresh connection) is no hang while the SYN-ACK retransmissions may still let
     * it in; past the grace it is one, and it always is when the request was accepted or nothing overflowed.
     */
    @Test
    void aSilenceTheBacklogHoldsIsNoHangWithinItsGraceAndIsOneBeyondIt() {
        long hangAfter = 3_000 * MS;
        RunSample fresh = new RunSample(40_000 * MS, 10_520, 0, 1, 0, "/pay", 0, 0, false, true);
        assertEquals(true, Vigil.silenceHeldByBacklog(fresh, 738L, 3_100 * MS, hangAfter));
        assertEquals(true, Vigil.silenceHeldByBacklog(fresh, 738L, 17_900 * MS, hangAfter));
        assertEquals(false, Vigil.silenceHeldByBacklog(fresh, 738L, 18_000 * MS, hangAfter),
                "an acceptor that never accepts again leaves fresh connections waiting too");
        RunSample reused = new RunSample(40_000 * MS, 10_520, 0, 1, 0, "/pay", 0, 0, false, false);
        assertEquals(false, Vigil.silenceHeldByBacklog(reused, 738L, 3_100 * MS, hangAfter), "accepted: the service's");
        assertEquals(false, Vigil.silenceHeldByBacklog(fresh, 0L, 3_100 * MS, hangAfter), "nothing overflowed");
        RunSample neverAnswered = new RunSample(40_000 * MS, 0, 0, 16, 0, "/pay", 0, 0, false, true);
        assertEquals(false, Vigil.silenceHeldByBacklog(neverAnswered, 738L, 3_100 * MS, hangAfter),
                "a deadlock at the first requests: every connection is fresh, and the counter is the host's");
    }
}
