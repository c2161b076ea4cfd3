package loomlab.core.experiment;

import java.util.List;
import loomlab.core.finding.Finding;

/** Picks findings of one type out of a verdict's list, for assertions. */
final class FindingsOf {
    private FindingsOf() {
    }

    static <F extends Finding> List<F> all(List<Finding> findings, Class<F> type) {
        return findings.stream().filter(type::isInstance).map(type::cast).toList();
    }

    static <F extends Finding> F only(List<Finding> findings, Class<F> type) {
        List<F> matching = all(findings, type);
        if (matching.size() != 1) {
            throw new AssertionError("expected one " + type.getSimpleName() + ", got " + matching + " in " + findings);
        }
        return matching.getFirst();
    }
}
