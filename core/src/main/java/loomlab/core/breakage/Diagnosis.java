package loomlab.core.breakage;

import java.util.List;

/**
 * What the thread dumps of one hang or stall show: every kind that holds, the cause first (busy
 * carriers before the successor that waits for one of them), or one {@link Breakage.Unclassified}
 * that says why none could be named. The kind, frames and counts a short line gives are the first
 * kind's.
 */
public record Diagnosis(List<Breakage> kinds) {
    public Diagnosis {
        kinds = List.copyOf(kinds);
        if (kinds.isEmpty()) {
            throw new IllegalArgumentException("a diagnosis names a kind, or says why it names none");
        }
        if (kinds.size() > 1 && kinds.stream().anyMatch(k -> k instanceof Breakage.Unclassified)) {
            throw new IllegalArgumentException("unclassified stands alone: " + kinds);
        }
    }

    public static Diagnosis of(Breakage one) {
        return new Diagnosis(List.of(one));
    }

    /** The kinds found, or the reason none was: what {@link StallClassifier#classify} found, else {@code unclassified}. */
    public static Diagnosis of(List<Breakage> found, Breakage.Unclassified unclassified) {
        return found.isEmpty() ? of(unclassified) : new Diagnosis(found);
    }

    /** The cause: the first kind. */
    public Breakage primary() {
        return kinds.getFirst();
    }

    public BreakageKind kind() {
        return primary().kind();
    }

    /** The first kind's frames. */
    public List<String> frames() {
        return primary().frames();
    }

    /** The counts of the last dump read; null when no dump was read. */
    public DumpCounts counts() {
        return primary().counts();
    }

    /** True when a kind was named (not {@link Breakage.Unclassified}). */
    public boolean named() {
        return !(primary() instanceof Breakage.Unclassified);
    }

    public boolean has(BreakageKind kind) {
        return kinds.stream().anyMatch(k -> k.kind() == kind);
    }
}
