package loomlab.lab.report.verdict;

import static loomlab.core.Figures.count;
import static loomlab.core.Figures.num;
import static loomlab.core.Figures.times;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import loomlab.core.arm.ArmKey;
import loomlab.core.finding.Pinned;
import loomlab.core.finding.PinnedByJdk;
import loomlab.core.finding.PinningCollapse;
import loomlab.core.finding.PinningFinding;
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

    private static String jdk(ArmKey arm) {
        return arm.jdk() == null ? "the lab's JDK" : "JDK " + arm.jdk();
    }

    /** The sentence of a finding of this family. */
    static String of(PinningFinding finding) {
        return switch (finding) {
            case Pinned pinned -> pinned(pinned);
            case PinningCollapse collapse -> collapse(collapse);
            case PinnedByJdk pinned -> pinnedByJdk(pinned);
            case Workaround workaround -> workaround(workaround);
        };
    }


    /**
     * JFR writes a pin when it ends: a zero is "no pin that ended", and for an arm that hung, or whose
     * dumps showed pinned carriers, not even that; the dumps' count stands beside it instead.
     */
    static String pinned(Pinned pinned) {
        List<Pinned.Arm> pinning = pinned.pinning();
        List<Pinned.Arm> none = pinned.arms().stream().filter(Pinned.Arm::zeroMeansNone).toList();
        List<Pinned.Arm> unseen = pinned.arms().stream().filter(a -> a.events() == 0 && !a.zeroMeansNone()).toList();
        List<String> parts = new ArrayList<>();
        if (!pinning.isEmpty()) {
            parts.add("JFR recorded pinned virtual threads (jdk.VirtualThreadPinned, 20 ms or longer, written when a"
                    + " pin ends): " + pinning.stream().map(a -> a.key() + " " + count(a.events()) + " ("
                    + num(a.totalMs()) + " ms)").collect(Collectors.joining("; ")) + ".");
        }
        if (!none.isEmpty()) {
            parts.add((pinning.isEmpty() ? "JFR recorded no pin of 20 ms or longer that ended in "
                    : "None that ended in the other ") + none.size() + (none.size() == 1 ? " recording." : " recordings."));
        }
        for (Pinned.Arm arm : unseen) {
            parts.add(arm.key() + " recorded no pin that ended, but " + (arm.hung() ? "it hung, and pins still held"
                    + " when it stopped are never recorded" : "its thread dumps showed pinned carriers")
                    + (arm.pinnedCarriersSeen() == null ? "" : " (the dumps showed " + arm.pinnedCarriersSeen()
                    + " pinned)") + ".");
        }
        return String.join(" ", parts);
    }
}
