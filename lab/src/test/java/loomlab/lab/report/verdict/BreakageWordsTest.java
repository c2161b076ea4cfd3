package loomlab.lab.report.verdict;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.core.breakage.Breakage;
import loomlab.core.breakage.Stall;
import loomlab.core.finding.ArmStalled;
import org.junit.jupiter.api.Test;

/** A stall says whether it was the measured run's or the unmeasured warm-up's, and whether it outlasted its run. */
class BreakageWordsTest {
    private static final ArmKey WEBFLUX = new ArmKey(ServerId.WEBFLUX, new ServingModel.EventLoop(), null, null, null,
            Map.of());
    private static final Breakage ONE_DUMP = new Breakage.Unclassified("one dump only", null);

    private static String stalled(boolean endedWithRun, boolean inWarmup) {
        return BreakageWords.stalled(new ArmStalled(WEBFLUX, List.of(new Stall(0.4, 2_926, "/downstream?delay=50",
                ONE_DUMP, List.of(), null, endedWithRun, inWarmup))));
    }

    @Test
    void aStallInTheWarmUpIsSaidToBeUnmeasured() {
        String warmup = stalled(true, true);
        assertTrue(warmup.contains("/downstream?delay=50 waited 2,926 ms (in the warm-up, not measured; still waiting"
                + " when it ended)"), warmup);
        String answered = stalled(false, true);
        assertTrue(answered.contains("waited 2,926 ms (in the warm-up, not measured),"), answered);
    }

    @Test
    void aStallOfTheMeasuredRunIsNotCalledAWarmUps() {
        String measured = stalled(true, false);
        assertTrue(measured.contains("waited 2,926 ms (still waiting when the run ended)"), measured);
        assertFalse(measured.contains("warm-up"), measured);
        assertFalse(stalled(false, false).contains("still waiting"), stalled(false, false));
    }

    /** The fairness arm's /hello behind loomcat's poller (a quick run at commit 2c49cdb): one thread blocked. */
    @Test
    void aMonitorsSuccessorCountsItsBlockedThreadsInTheRightNumber() {
        String one = BreakageWords.of(new Breakage.MonitorSuccessorWait("java.lang.Object@3b258843", 1, 0,
                "loomcat-v212", "loomlab.http.Poller.await:50", null));
        assertTrue(one.startsWith("a monitor's successor waiting for a carrier: 1 thread blocked on"), one);
        String three = BreakageWords.of(new Breakage.MonitorSuccessorWait("java.lang.Object@3b258843", 3, 1,
                "loomcat-v212", "loomlab.http.Poller.await:50", null));
        assertTrue(three.startsWith("a monitor's successor waiting for a carrier: 3 threads (1 of them platform threads)"),
                three);
    }
}
