package loomlab.core.assess;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import loomlab.core.Figures;

/**
 * What a capacity search found: the highest arrival rate that met the p99 target with no errors,
 * between the rate that passed and the one that failed above it, and every step tried.
 *
 * @param kind    how far the figure goes: bracketed, a lower limit only, or below every rate tried
 * @param rps     the capacity (the bracket's low end); null when no rate passed
 * @param low     the highest rate that counts as passed (0 when none did)
 * @param high    the lowest rate that failed, or null when none did
 * @param limit   for {@link Kind#AT_LEAST}, what kept the search from going higher; else null
 * @param steps   every step, in the order tried, with its outcome
 * @param ceiling what the generator showed it can send, when that ended the search ({@link Limit#GENERATOR}); else null
 */
public record Capacity(Kind kind, Double rps, double low, Double high, Limit limit, List<TriedStep> steps,
                       GeneratorCeiling ceiling) {
    public Capacity {
        steps = List.copyOf(steps);
    }

    /** In a few words: {@code 190}, {@code at least 20,000}, {@code below 1}. */
    public String figure() {
        return switch (kind) {
            case BRACKETED -> Figures.num(low);
            case AT_LEAST -> "at least " + Figures.num(low);
            case BELOW_LOWEST -> "below " + Figures.num(high);
            case NOT_MEASURED -> "not measured";
        };
    }

    /** A capacity that the generator's measured ceiling did not end. */
    public Capacity(Kind kind, Double rps, double low, Double high, Limit limit, List<TriedStep> steps) {
        this(kind, rps, low, high, limit, steps, null);
    }

    public static final Capacity NOT_MEASURED = new Capacity(Kind.NOT_MEASURED, null, 0, null, null, List.of());

    public enum Kind {
        /** A rate passed and the next rate above it failed, within the search's precision. */
        BRACKETED("bracketed"),
        /** Every rate tried passed, up to what the search could offer: the capacity is at least {@code low}. */
        AT_LEAST("at least"),
        /** Even the lowest rate tried failed: the capacity is below it. */
        BELOW_LOWEST("below the lowest rate tried"),
        /** No step was measured (the service died first). */
        NOT_MEASURED("not measured");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** Why a search stopped with every rate passing. */
    public enum Limit {
        /** The highest rate the search offers. */
        CAP,
        /**
         * The lab's generator could not offer the next rate: its loop fell behind at it, or the steps showed
         * it had used the cores its loops may use ({@link GeneratorCeiling}).
         */
        GENERATOR,
        /** The search's bound on steps. */
        STEPS,
        /**
         * A rate above failed, but while the service was still warming ({@link Warming}): not a
         * failure of the warm service. Set on a bracket read for a comparison, never by the search.
         */
        WARMING
    }

    /**
     * This bracket open above, for a failure at its upper end that came while the service was still
     * warming: at least the rate that passed. Any other capacity as it is.
     */
    public Capacity warmingAbove() {
        return kind == Kind.BRACKETED ? new Capacity(Kind.AT_LEAST, rps, low, null, Limit.WARMING, steps) : this;
    }

    /** One step with the outcome the search judged from it. */
    public record TriedStep(CapacityStep step, Outcome outcome) {
    }

    public enum Outcome {
        PASSED, FAILED,
        /** The lab's generator could not offer the rate: neither a pass nor a failure of the service. */
        NOT_OFFERED
    }

    /**
     * Whether the capacity rate passed in more than one step, so that no single step, lucky or not, set
     * it; null when no rate passed or the capacity lists no steps (a span of runs).
     */
    public Boolean confirmed() {
        if (rps == null || steps.isEmpty()) {
            return null;
        }
        return steps.stream().filter(t -> t.step().rateRps() == rps && t.outcome() == Outcome.PASSED).count() >= 2;
    }

    /** The step measured at the capacity rate, the last one when it was measured more than once; null without. */
    public CapacityStep atCapacity() {
        if (rps == null) {
            return null;
        }
        CapacityStep found = null;
        for (TriedStep tried : steps) {
            if (tried.step().rateRps() == rps && tried.outcome() == Outcome.PASSED) {
                found = tried.step();
            }
        }
        return found;
    }

    /**
     * Connections the kernel dropped at a full listen backlog during the failed steps at the bracket's
     * upper end, beside those steps' requests; empty when there were none, none were read, or the
     * capacity has no failed upper end.
     */
    public Optional<BacklogDrops> backlogDropsWhereFailed() {
        if (kind != Kind.BRACKETED) {
            return Optional.empty();
        }
        List<CapacityStep> failed = steps.stream()
                .filter(t -> t.outcome() == Outcome.FAILED && t.step().rateRps() == high).map(TriedStep::step).toList();
        long overflows = failed.stream().map(s -> s.generator().listenOverflows()).filter(Objects::nonNull)
                .mapToLong(Long::longValue).sum();
        long requests = failed.stream().mapToLong(CapacityStep::requests).sum();
        return overflows == 0 ? Optional.empty() : Optional.of(new BacklogDrops(overflows, requests));
    }

    /**
     * Connections dropped at a full listen backlog in failed steps. Each costs its client a SYN
     * retransmission, about 1 s, before its first request goes out: when they are 1 % of the requests
     * or more, they alone put the p99 past any target under 1 s; fewer cannot move it on their own.
     *
     * @param overflows the connections dropped
     * @param requests  the requests those steps sent
     */
    public record BacklogDrops(long overflows, long requests) {
        /** The p99's share: the tail that 1 % of the requests make. */
        public static final double P99_SHARE = 0.01;

        public double share() {
            return requests == 0 ? 1 : (double) overflows / requests;
        }

        /** At least the p99's share of the requests delayed about 1 s by the drops alone. */
        public boolean enoughForTheP99() {
            return share() >= P99_SHARE;
        }
    }

    /**
     * The capacity that every run of an arm that ran several times allows ({@code --repeat}): from the
     * lowest rate any run passed to the highest that any run failed at, open above when any run's was.
     * Its figure is the median run's; it lists no steps of its own. When some run passed no rate, the
     * span is below its highest failure; when any run was not measured, so is the span.
     *
     * @param median the run whose figure the arm reports, one of {@code runs}
     */
    public static Capacity span(List<Capacity> runs, Capacity median) {
        if (runs.isEmpty() || !runs.contains(median)) {
            throw new IllegalArgumentException("the median run is one of the runs");
        }
        if (runs.stream().anyMatch(c -> c.kind() == Kind.NOT_MEASURED)) {
            return NOT_MEASURED;
        }
        double low = runs.stream().mapToDouble(Capacity::low).min().orElseThrow();
        Double high = runs.stream().anyMatch(c -> c.high() == null) ? null
                : runs.stream().mapToDouble(Capacity::high).max().orElseThrow();
        if (low == 0) {
            return high == null ? new Capacity(Kind.AT_LEAST, null, 0, null, null, List.of())
                    : new Capacity(Kind.BELOW_LOWEST, null, 0, high, null, List.of());
        }
        if (high == null) {
            return new Capacity(Kind.AT_LEAST, low, low, null, null, List.of());
        }
        // Every run passed a rate and failed one, the median's among them.
        return new Capacity(Kind.BRACKETED, median.rps(), low, high, null, List.of());
    }

    /** The bracket as [low, high], high null when open. */
    public List<Double> bracket() {
        return Arrays.asList(kind == Kind.NOT_MEASURED ? null : low, high);
    }
}
