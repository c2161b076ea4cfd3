package loomlab.lab.report.verdict;

import static loomlab.core.Figures.count;
import static loomlab.core.Figures.num;
import static loomlab.core.Figures.times;

import java.util.List;
import java.util.stream.Collectors;
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
        String pinned = figures + " On " + jdk(c.pinning()) + " every blocked request held its carrier ("
                + count(c.pinningEvents()) + " jdk.VirtualThreadPinned events), so requests passed " + c.carriers()
                + " at a time; on " + jdk(c.free()) + " the recording caught " + count(c.freeEvents()) + ".";
        return !c.freedByJep491() ? pinned : pinned + " Since JDK 24 (JEP 491) a virtual thread blocked in synchronized"
                + " gives its carrier back, and " + jdk(c.free()) + " kept up with its users.";
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
        return "The workaround holds on " + jdk(w.lock()) + ": with a ReentrantLock instead of synchronized, " + w.lock()
                + " pinned"
                + " nothing and served " + num(w.lockRps()) + " req/s against " + num(w.synchronizedRps())
                + " req/s for " + w.synchronizedArm() + ".";
    }

    private static String jdk(loomlab.core.arm.ArmKey arm) {
        return arm.jdk() == null ? "the lab's JDK" : "JDK " + arm.jdk();
    }
}
