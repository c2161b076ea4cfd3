package loomlab.core.finding;

import java.util.List;

/**
 * One pinning arm's recordings on each JDK: where its blocking pinned carriers and where it did not,
 * which is what JEP 491 changed (synchronized) and what it left (class initializers). An arm that
 * hung is not in it: JFR writes a pinned event when the pin ends, and a deadlocked arm's pins never
 * end, so its count would read zero; its thread dumps tell instead ({@link ArmHung}).
 */
public record PinnedByJdk(String variant, List<OnJdk> jdks) implements PinningFinding {
    public PinnedByJdk {
        jdks = List.copyOf(jdks);
    }

    /**
     * @param atCarriersBound true when the arm pinned and its throughput came within 25 % of
     *                        carriers / W: the pins, not the users, set its pace
     */
    public record OnJdk(int jdk, long events, double totalMs, double throughputRps, boolean atCarriersBound) {
    }

    /** The JDKs on which the arm pinned. */
    public List<Integer> pinnedOn() {
        return jdks.stream().filter(j -> j.events() > 0).map(OnJdk::jdk).toList();
    }
}
