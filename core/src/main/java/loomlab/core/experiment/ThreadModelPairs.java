package loomlab.core.experiment;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.Repeats;
import loomlab.core.arm.Spread;
import loomlab.core.bound.WaitTerm;
import loomlab.core.finding.Finding;
import loomlab.core.finding.Lead;
import loomlab.core.finding.Leader;
import loomlab.core.finding.Measure;
import loomlab.core.finding.SameConcurrency;
import loomlab.core.finding.WaitsOverlapped;
import loomlab.threads.ExecutorMode;

/**
 * A platform-pool arm and a virtual-thread arm under the same load (same key but for the mode),
 * and what their figures show side by side: who led, each against its bound, and the causes the
 * figures support.
 */
record ThreadModelPairs(HttpArmResult pool, HttpArmResult virtual) {
    /** Virtual threads held clearly more requests in flight than the pool could: half again. */
    static final double OVERLAP_FACTOR = 1.5;

    /** Every pool/virtual pair of the run, the pairs with the most users first. */
    static List<ThreadModelPairs> of(List<ArmResult> arms) {
        List<ThreadModelPairs> pairs = new ArrayList<>();
        for (List<HttpArmResult> group : Arms.byAllButMode(arms).values()) {
            Optional<HttpArmResult> virtual = group.stream().filter(a -> mode(a).isVirtual()).findFirst();
            Optional<HttpArmResult> pool = group.stream()
                    .filter(a -> !mode(a).isVirtual() && mode(a).concurrencyLimit() != Integer.MAX_VALUE).findFirst();
            if (virtual.isPresent() && pool.isPresent()) {
                pairs.add(new ThreadModelPairs(pool.get(), virtual.get()));
            }
        }
        pairs.sort(Comparator.comparingInt((ThreadModelPairs p) -> p.virtual().users()).reversed());
        return pairs;
    }

    static ExecutorMode mode(HttpArmResult arm) {
        return arm.executorMode();
    }

    int poolSize() {
        return mode(pool).concurrencyLimit();
    }

    Lead lead() {
        boolean time = virtual.countsRequests();
        // Repeated runs give each figure a measured spread, which decides a lead; one run names none.
        return time
                ? new Lead(Measure.ELAPSED, virtual.key(), virtual.elapsedS(), pool.key(), pool.elapsedS(),
                        range(virtual, Repeats::elapsedS), range(pool, Repeats::elapsedS))
                : new Lead(Measure.GOODPUT, virtual.key(), virtual.goodputRps(), pool.key(), pool.goodputRps(),
                        range(virtual, Repeats::goodputRps), range(pool, Repeats::goodputRps));
    }

    /** The compared figure's own spread over repeats (goodput's, errors or not); null for one run. */
    private static Lead.Range range(HttpArmResult arm, Function<Repeats, Spread> figure) {
        return arm.repeats() == null ? null : Lead.Range.of(figure.apply(arm.repeats()));
    }

    /**
     * The lead, each arm against its bound, and why, where the figures show it: the virtual arm's
     * requests overlapped beyond the pool's threads (said where its figure was the better, lead or not,
     * since the in-flight figure shows it), or both could hold only the same few requests (said where
     * no lead stands).
     */
    List<Finding> findings() {
        List<Finding> findings = new ArrayList<>();
        Lead lead = lead();
        findings.add(lead);
        Arms.againstBound(virtual).ifPresent(findings::add);
        Arms.againstBound(pool).ifPresent(findings::add);
        Double inFlight = virtual.meanInFlight();
        if (lead.ahead() == Leader.FIRST && inFlight != null && inFlight > OVERLAP_FACTOR * poolSize()) {
            findings.add(new WaitsOverlapped(virtual.key(), inFlight, pool.key(), poolSize()));
        }
        // "Nothing for the thread model to change" is a cause: it holds only where neither arm led.
        if (lead.leader() == Leader.NEITHER) {
            sameConcurrency().ifPresent(findings::add);
        }
        return findings;
    }

    /** Both arms' loads allow the same number of requests in progress (one user, say). */
    private Optional<Finding> sameConcurrency() {
        WaitTerm v = virtual.check().bound().waiting();
        WaitTerm p = pool.check().bound().waiting();
        if (v == null || p == null || v.concurrency() != p.concurrency()) {
            return Optional.empty();
        }
        return Optional.of(new SameConcurrency(List.of(pool.key(), virtual.key()), v.concurrency()));
    }
}
