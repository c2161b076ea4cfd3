package loomlab.lab.report.verdict;

import static loomlab.lab.report.Figures.count;
import static loomlab.lab.report.Figures.num;
import static loomlab.lab.report.Figures.times;

import java.util.List;
import java.util.stream.Collectors;
import loomlab.core.arm.DeadlockEvidence;
import loomlab.core.arm.StallOutcome;
import loomlab.core.finding.Deadlock;
import loomlab.core.finding.PinnedByJdk;
import loomlab.core.finding.PinningCollapse;
import loomlab.core.finding.Workaround;

/** The pinning experiment's findings in words: the collapse, the deadlock, what each JDK pinned, the workaround. */
final class PinningWords {
    private PinningWords() {
    }

    static String collapse(PinningCollapse c) {
        String figures = "Sleeping " + num(c.waitS() * 1000) + " ms inside synchronized with " + c.users()
                + " users on " + c.carriers() + " carriers: " + num(c.pinningRps()) + " req/s on " + jdk(c.pinning())
                + " against " + num(c.freeRps()) + " req/s on " + jdk(c.free()) + " (" + times(c.ratio()) + "); "
                + "carriers / W allows " + num(c.carriersBoundRps()) + " req/s, users / W " + num(c.usersBoundRps())
                + ".";
        if (!c.collapsedToCarriers()) {
            return figures + " " + jdk(c.pinning()) + " did not fall to carriers / W with pinned virtual threads"
                    + " recorded, so pinning is not shown as the cause here.";
        }
        return figures + " On " + jdk(c.pinning()) + " every blocked request held its carrier (" + count(c.pinningEvents())
                + " jdk.VirtualThreadPinned events), so requests passed " + c.carriers() + " at a time; on "
                + jdk(c.free()) + " the recording caught " + count(c.freeEvents()) + ": since JDK 24 (JEP 491) a virtual"
                + " thread blocked in synchronized gives its carrier back.";
    }

    static String deadlock(Deadlock d) {
        StallOutcome stall = d.stall();
        if (!stall.deadlocked()) {
            return "The deadlock arm completed on " + jdk(d.arm()) + ": " + count(d.completedRequests())
                    + " requests passed one at a time through the shared lock.";
        }
        String head = "The deadlock arm hung on " + jdk(d.arm()) + ": after " + count(d.completedRequests())
                + " requests none completed for " + num(stall.stalledS()) + " s while requests were outstanding, so the"
                + " lab took a thread dump and stopped the server";
        DeadlockEvidence e = stall.evidence();
        if (e == null) {
            return head + "; no thread dump could be taken.";
        }
        return head + ". The dump (" + e.dumpFile() + ") shows " + e.pinnedCarriers() + " of " + e.carriers()
                + " carriers held by virtual threads parked while pinned, and " + e.waitingVirtualThreads()
                + " virtual threads waiting for " + (e.locks().isEmpty() ? "a lock" : String.join(", ", e.locks()))
                + ": the lock's holder needs a carrier to finish, and every carrier is held by a waiter.";
    }

    static String pinnedByJdk(PinnedByJdk p) {
        List<Integer> pinned = p.pinnedOn();
        String counts = p.jdks().stream().map(j -> "JDK " + j.jdk() + " " + count(j.events()))
                .collect(Collectors.joining(", "));
        String where = pinned.isEmpty() ? "pinned on no JDK" : pinned.size() == p.jdks().size() ? "pinned on every JDK"
                : "pinned only on JDK " + pinned.stream().map(String::valueOf).collect(Collectors.joining(", "));
        List<String> atCarriers = p.jdks().stream().filter(PinnedByJdk.OnJdk::atCarriersBound)
                .map(j -> "JDK " + j.jdk() + " " + num(j.throughputRps()) + " req/s").toList();
        String pace = atCarriers.isEmpty() ? "" : "; its pins set its pace at carriers / W (" + String.join(", ",
                atCarriers) + ")";
        return "The " + p.variant() + " arm " + where + " (pinned events: " + counts + ")" + pace + ".";
    }

    static String workaround(Workaround w) {
        return "The JDK 21 workaround holds: with a ReentrantLock instead of synchronized, " + w.lock() + " pinned"
                + " nothing and served " + num(w.lockRps()) + " req/s against " + num(w.synchronizedRps())
                + " req/s for " + w.synchronizedArm() + ".";
    }

    private static String jdk(loomlab.core.arm.ArmKey arm) {
        return arm.jdk() == null ? "the lab's JDK" : "JDK " + arm.jdk();
    }
}
