package loomlab.core.finding;

import java.util.List;

/**
 * One pinning arm's recordings on each JDK: where its blocking pinned carriers and where it did not,
 * which is what JEP 491 changed (synchronized) and what it left (class initializers).
 */
public record PinnedByJdk(String variant, List<OnJdk> jdks) implements Finding {
    public PinnedByJdk {
        jdks = List.copyOf(jdks);
    }

    public record OnJdk(int jdk, long events, double totalMs) {
    }

    /** The JDKs on which the arm pinned. */
    public List<Integer> pinnedOn() {
        return jdks.stream().filter(j -> j.events() > 0).map(OnJdk::jdk).toList();
    }
}
