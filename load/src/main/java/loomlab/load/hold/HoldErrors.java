package loomlab.load.hold;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/** Errors of one run by kind, and the first one in full. Touched by the event-loop thread only. */
final class HoldErrors {
    private final long[] counts = new long[HoldErrorKind.values().length];
    private long total;
    private HoldError first;

    void record(HoldErrorKind kind, String message) {
        counts[kind.ordinal()]++;
        total++;
        if (first == null) {
            first = new HoldError(kind, message);
        }
    }

    long total() {
        return total;
    }

    /** The first error, or null when there was none. */
    HoldError first() {
        return first;
    }

    /** Every kind, in declaration order, with its count (zero included). */
    Map<HoldErrorKind, Long> byKind() {
        Map<HoldErrorKind, Long> byKind = new EnumMap<>(HoldErrorKind.class);
        for (HoldErrorKind kind : HoldErrorKind.values()) {
            byKind.put(kind, counts[kind.ordinal()]);
        }
        return Collections.unmodifiableMap(byKind);
    }
}
