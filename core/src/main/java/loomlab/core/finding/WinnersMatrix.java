package loomlab.core.finding;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import loomlab.core.arm.ArmKey;
import loomlab.core.assess.OfferedLoad;

/**
 * One workload's row of the winners matrix: per metric, the arm that was better than every other
 * arm that qualified, or none. An arm with errors where the figure was taken, or that missed the
 * target at the rate its costs were taken at, is out of that cell ({@link Exclusion}). A figure is a
 * range over the runs ({@code --repeat}): a capacity from the lowest rate any run passed to the
 * highest any run failed (half open: one arm passing the rate another failed is apart from it), a
 * cost from its least to its most. The best arm wins only when its range is clear of every other's,
 * beyond the measured spread; one run measures no spread, so its cells name no winner
 * ({@link Tie#ONE_RUN}), however far apart its figures (a search's bracket is where one run's search
 * stopped, not how much a capacity varies run to run). A figure read under each arm's own load (peak
 * memory over a search that went as far as the arm carried) wins only for an arm offered at least as
 * much as the others ({@link Tie#LIGHTER_LOAD}).
 *
 * @param workload      the workload's label
 * @param commonRateRps the rate every arm was offered for the per-request costs, or null when none was
 * @param cells         one per metric, in {@link Metric} order
 * @param runs          how many runs every arm's ranges span: 1 for a single run
 */
public record WinnersMatrix(String workload, Double commonRateRps, List<Cell> cells, int runs)
        implements ReactiveFinding {
    public WinnersMatrix {
        cells = List.copyOf(cells);
    }

    public enum Metric {
        /** The highest arrival rate answered within the p99 target with no errors. */
        CAPACITY(true, "req/s"),
        /** The service's CPU per answered request at the common rate. */
        CPU_PER_REQUEST(false, "ms"),
        /** The service's peak resident memory over the arm, read under the highest rate its search offered. */
        PEAK_RSS(false, "MB"),
        /**
         * The worst p99 latency at the common rate, from the intended send time, among the paths with the
         * requests a p99 needs (100): the common step's few hundred requests hold no p99.9, only a slowest
         * request, which one retransmit decides.
         */
        TAIL_P99(false, "ms");

        private final boolean higherIsBetter;
        private final String unit;

        Metric(boolean higherIsBetter, String unit) {
            this.higherIsBetter = higherIsBetter;
            this.unit = unit;
        }

        public boolean higherIsBetter() {
            return higherIsBetter;
        }

        public String unit() {
            return unit;
        }
    }

    /** Why a cell names no winner. */
    public enum Tie {
        /** Ranges overlap: the measurements cannot tell the arms apart. */
        OVERLAP,
        /** Apart, but in one run: no spread was measured, so nothing says another run would keep them apart. */
        ONE_RUN,
        /**
         * Apart over repeated runs, but too few of them: two arms that measure the same keep ranges of as many
         * runs apart more often than 1 time in 20 ({@link Chance}).
         */
        TOO_FEW,
        /** No arm had a figure it qualified with. */
        NONE_QUALIFIED,
        /**
         * A cost that grows with load (peak memory) was lowest on an arm offered less than its rival: the
         * lighter load may be the whole difference, so only an arm offered at least as much wins.
         */
        LIGHTER_LOAD
    }

    /** Why an arm is out of a cell, worst first; {@code NONE} when it is in. */
    public enum Exclusion {
        /** The arm's run hung or failed before its figures were whole. */
        UNFINISHED,
        /** Errors where the figure was taken (at or below the capacity; at the common rate). */
        ERRORS,
        /** No errors, but the arm missed the p99 target at the common rate its costs were taken at. */
        MISSED_TARGET,
        NONE;

        /** The worse of two. */
        public Exclusion and(Exclusion other) {
            return compareTo(other) <= 0 ? this : other;
        }
    }

    /**
     * One arm's figure in a cell.
     *
     * @param low      the worst the figure can be read as (a bracket's low end; the figure itself)
     * @param high     the best, or null when open above (a capacity "at least"); equal to low for a point
     * @param excluded why the arm is out of the cell, or {@link Exclusion#NONE}
     * @param loadRps  the highest rate the arm was offered before the figure was read, for a figure that
     *                 grows with load and was read over the arm's whole run; null when every arm's figure
     *                 comes from the same rate
     */
    public record Entry(ArmKey arm, Double low, Double high, Exclusion excluded, Double loadRps) {
        public Entry {
            Objects.requireNonNull(excluded);
        }

        /** A figure taken at the same load for every arm (a rate all were offered), or where load is not read. */
        public Entry(ArmKey arm, Double low, Double high, Exclusion excluded) {
            this(arm, low, high, excluded, null);
        }

        public static Entry point(ArmKey arm, Double figure, Exclusion excluded) {
            return new Entry(arm, figure, figure, excluded);
        }

        /** The same, with the highest rate the arm was offered before its figure was read. */
        public Entry underLoad(Double rps) {
            return new Entry(arm, low, high, excluded, rps);
        }

        public boolean disqualified() {
            return excluded != Exclusion.NONE;
        }

        boolean qualifies() {
            return low != null && !disqualified();
        }

        double top() {
            return high == null ? Double.POSITIVE_INFINITY : high;
        }
    }

    /**
     * @param winner the arm that won the cell, or null with the reason in {@code tie}
     * @param leader the arm with the best figure, winner or not; null when none qualified
     * @param rivals the arms whose figures kept the leader from winning, the nearest to it first: every one
     *               that overlaps it ({@link Tie#OVERLAP}), or else every other that qualified ({@link
     *               Tie#ONE_RUN}), or the arm offered the most ({@link Tie#LIGHTER_LOAD}); empty when the
     *               leader won or none qualified
     */
    public record Cell(Metric metric, List<Entry> entries, ArmKey winner, Tie tie, ArmKey leader, List<ArmKey> rivals) {
        public Cell {
            entries = List.copyOf(entries);
            rivals = List.copyOf(rivals);
        }

        /** The cell judged from its entries, each a range over {@code runs} runs. */
        public static Cell judge(Metric metric, List<Entry> entries, int runs) {
            List<Entry> qualified = entries.stream().filter(Entry::qualifies).toList();
            if (qualified.isEmpty()) {
                return new Cell(metric, entries, null, Tie.NONE_QUALIFIED, null, List.of());
            }
            if (qualified.size() == 1) {
                // The others have errors or no figure: only a disqualification leaves a lone winner.
                boolean othersDisqualified = entries.stream().anyMatch(Entry::disqualified);
                ArmKey lone = qualified.getFirst().arm();
                return new Cell(metric, entries, othersDisqualified ? lone : null,
                        othersDisqualified ? null : Tie.NONE_QUALIFIED, lone, List.of());
            }
            Entry best = metric.higherIsBetter()
                    ? qualified.stream().max(Comparator.comparingDouble(Entry::low)).orElseThrow()
                    : qualified.stream().min(Comparator.comparingDouble(Entry::top)).orElseThrow();
            List<ArmKey> overlapping = new ArrayList<>();
            List<ArmKey> others = new ArrayList<>();
            for (Entry other : nearestFirst(qualified, metric)) {
                if (other == best) {
                    continue;
                }
                others.add(other.arm());
                if (!apart(metric, best, other)) {
                    overlapping.add(other.arm());
                }
            }
            if (!overlapping.isEmpty()) {
                return new Cell(metric, entries, null, Tie.OVERLAP, best.arm(), overlapping);
            }
            Optional<Entry> heavier = heavierLoaded(best, qualified);
            if (heavier.isPresent()) {
                return new Cell(metric, entries, null, Tie.LIGHTER_LOAD, best.arm(), List.of(heavier.get().arm()));
            }
            if (runs < 2) {
                return new Cell(metric, entries, null, Tie.ONE_RUN, best.arm(), others);
            }
            if (!Chance.of(runs, runs).enough()) {
                return new Cell(metric, entries, null, Tie.TOO_FEW, best.arm(), others);
            }
            return new Cell(metric, entries, best.arm(), null, best.arm(), List.of());
        }

        /**
         * The best range clear of the other's. A capacity's upper end is a rate that failed, so a capacity
         * range is half open and ranges that meet (one arm passed where the other failed) are apart; a cost's
         * range runs from its least to its most, both measured, so costs that meet overlap.
         */
        static boolean apart(Metric metric, Entry best, Entry other) {
            return metric.higherIsBetter() ? best.low() >= other.top() : best.top() < other.low();
        }

        /** The entries by their best end, the best first: rivals are named from the nearest to the leader. */
        private static List<Entry> nearestFirst(List<Entry> entries, Metric metric) {
            Comparator<Entry> byBestEnd = metric.higherIsBetter()
                    ? Comparator.comparingDouble(Entry::top).reversed() : Comparator.comparingDouble(Entry::low);
            return entries.stream().sorted(byBestEnd).toList();
        }

        /**
         * The most heavily loaded arm offered clearly more than the best one, for figures read under each
         * arm's own load: a lower cost under a lighter load does not win.
         */
        private static Optional<Entry> heavierLoaded(Entry best, List<Entry> qualified) {
            if (best.loadRps() == null) {
                return Optional.empty();
            }
            return qualified.stream().filter(e -> e != best && e.loadRps() != null
                            && OfferedLoad.clearlyAbove(e.loadRps(), best.loadRps()))
                    .max(Comparator.comparingDouble(Entry::loadRps));
        }

        /** The entry of one arm, or null when the cell has none. */
        public Entry of(ArmKey arm) {
            return entries.stream().filter(e -> e.arm().equals(arm)).findFirst().orElse(null);
        }
    }

    /** The cell of one metric, or null. */
    public Cell cell(Metric metric) {
        return cells.stream().filter(c -> c.metric() == metric).findFirst().orElse(null);
    }
}
