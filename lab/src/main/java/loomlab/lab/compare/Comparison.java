package loomlab.lab.compare;

import static loomlab.core.Figures.num;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import loomlab.core.BadInput;
import loomlab.lab.report.Table;

/**
 * Two runs side by side, arm by arm (matched by experiment and arm key, the JDK included): the change of one metric
 * in percent, whether it goes beyond the spread of repeated runs, and whether it is a regression
 * beyond a threshold. Pure: the files are read elsewhere.
 */
public final class Comparison {
    /** What became of one arm from the first run to the second. */
    public enum Outcome {
        REGRESSED("regressed"), IMPROVED("improved"), WITHIN("within threshold"), FAILED("did not run in B"),
        NOT_MEASURED("not measured in A"), ONLY_IN_A("only in A"), ONLY_IN_B("only in B"),
        /** Both runs ran the arm, and neither has a figure of this metric (an assessed arm's throughput). */
        NO_SUCH_FIGURE("no such figure: another --metric"),
        /** The arm ran under another load in each run (another profile, wait or pause): no figure to compare. */
        DIFFERENT_LOAD("different load");

        private final String text;

        Outcome(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /**
     * One arm in both runs.
     *
     * @param changePercent (B - A) / A in percent, or null when either figure is missing
     * @param beyondSpread  true when the runs' ranges do not overlap, null unless both were repeated
     */
    public record Row(String experiment, String arm, ArmFigure before, ArmFigure after, Double changePercent,
                      Boolean beyondSpread, Outcome outcome) {
    }

    private final Metric metric;
    private final double thresholdPercent;
    private final List<Row> rows;

    private Comparison(Metric metric, double thresholdPercent, List<Row> rows) {
        this.metric = metric;
        this.thresholdPercent = thresholdPercent;
        this.rows = List.copyOf(rows);
    }

    /**
     * Compares B against A. An arm that ran in A and did not run in B counts as a regression: a gate
     * must not pass a run that lost an arm.
     *
     * @throws BadInput when the runs have no arm in common
     */
    public static Comparison of(List<ArmFigure> a, List<ArmFigure> b, Metric metric, double thresholdPercent) {
        Map<ArmFigure.Match, ArmFigure> after = new LinkedHashMap<>();
        b.forEach(f -> after.put(f.match(), f));
        List<Row> rows = new ArrayList<>();
        boolean common = false;
        for (ArmFigure before : a) {
            ArmFigure match = after.remove(before.match());
            if (match == null) {
                rows.add(new Row(before.experiment(), before.arm(), before, null, null, null, Outcome.ONLY_IN_A));
            } else {
                common = true;
                rows.add(row(before, match, metric, thresholdPercent));
            }
        }
        after.values().forEach(f -> rows.add(new Row(f.experiment(), f.arm(), null, f, null, null,
                Outcome.ONLY_IN_B)));
        if (!common) {
            throw new BadInput("the two runs have no arm in common (arms are matched by experiment and arm key)");
        }
        List<Row> differing = rows.stream().filter(r -> r.outcome() == Outcome.DIFFERENT_LOAD).toList();
        if (!differing.isEmpty() && rows.stream().noneMatch(r -> r.before() != null && r.after() != null
                && r.outcome() != Outcome.DIFFERENT_LOAD)) {
            Row first = differing.getFirst();
            throw new BadInput("the two runs loaded their arms differently (A: " + first.before().load() + "; B: "
                    + first.after().load() + "), so their figures do not compare: compare runs of one profile and"
                    + " the same options");
        }
        return new Comparison(metric, thresholdPercent, rows);
    }

    private static Row row(ArmFigure before, ArmFigure after, Metric metric, double thresholdPercent) {
        // A figure measured under another load says nothing of a regression; files without loads still compare.
        if (before.load() != null && after.load() != null && !before.load().equals(after.load())) {
            return new Row(before.experiment(), before.arm(), before, after, null, null, Outcome.DIFFERENT_LOAD);
        }
        if (before.value() == null && after.value() == null && before.ran() && after.ran()) {
            return new Row(before.experiment(), before.arm(), before, after, null, null, Outcome.NO_SUCH_FIGURE);
        }
        if (before.value() == null) {
            return new Row(before.experiment(), before.arm(), before, after, null, null, Outcome.NOT_MEASURED);
        }
        if (after.value() == null) {
            return new Row(before.experiment(), before.arm(), before, after, null, null, Outcome.FAILED);
        }
        Double change = before.value() == 0 ? null : (after.value() - before.value()) / before.value() * 100;
        Boolean beyond = before.repeated() && after.repeated()
                ? after.low() > before.high() || after.high() < before.low() : null;
        Outcome outcome = Outcome.WITHIN;
        if (change != null) {
            double better = metric.higherIsBetter() ? change : -change;
            outcome = better < -thresholdPercent ? Outcome.REGRESSED : better > thresholdPercent ? Outcome.IMPROVED
                    : Outcome.WITHIN;
        }
        return new Row(before.experiment(), before.arm(), before, after, change, beyond, outcome);
    }

    public List<Row> rows() {
        return rows;
    }

    public List<Row> regressions() {
        return rows.stream().filter(r -> r.outcome() == Outcome.REGRESSED || r.outcome() == Outcome.FAILED)
                .toList();
    }

    /** The side-by-side table: both figures (with the range of repeated runs), the change and the outcome. */
    public Table table() {
        Table table = new Table(List.of("experiment: arm", "A " + metric.id(), "B " + metric.id(), "change",
                "beyond spread", "outcome"));
        for (Row row : rows) {
            table.row(List.of(row.experiment() + ": " + row.arm(), figure(row.before()), figure(row.after()),
                    row.changePercent() == null ? "" : String.format(Locale.ROOT, "%+.1f%%", row.changePercent()),
                    row.beyondSpread() == null ? "" : row.beyondSpread() ? "yes" : "no", outcome(row)));
        }
        return table;
    }

    /** One line: how many arms were compared and which regressed. */
    public String summary() {
        long compared = rows.stream().filter(r -> r.changePercent() != null).count();
        List<Row> regressed = regressions();
        String head = compared + " arm(s) compared by " + metric.id() + " ("
                + (metric.higherIsBetter() ? "higher" : "lower") + " is better), threshold "
                + (thresholdPercent == Math.rint(thresholdPercent) ? String.valueOf((long) thresholdPercent)
                : String.valueOf(thresholdPercent)) + "%: ";
        long differing = rows.stream().filter(r -> r.outcome() == Outcome.DIFFERENT_LOAD).count();
        long without = rows.stream().filter(r -> r.outcome() == Outcome.NO_SUCH_FIGURE).count();
        String skipped = (differing == 0 ? "" : " " + differing + " arm(s) not compared: they ran under another load"
                + " in each run.") + (without == 0 ? "" : " " + without + " arm(s) have no " + metric.id()
                + (metric == Metric.CAPACITY_RPS ? "" : " (assessed arms, as reactive's, have capacity_rps)") + ".");
        if (regressed.isEmpty()) {
            return head + "no regression." + skipped;
        }
        return head + regressed.size() + " regressed: " + String.join("; ", regressed.stream()
                .map(r -> r.experiment() + " / " + r.arm() + (r.changePercent() == null ? " (did not run in B)"
                        : String.format(Locale.ROOT, " (%+.1f%%)", r.changePercent()))).toList()) + "." + skipped;
    }

    private static String outcome(Row row) {
        return row.outcome() != Outcome.DIFFERENT_LOAD ? row.outcome().text()
                : row.outcome().text() + " (A: " + row.before().load() + "; B: " + row.after().load() + ")";
    }

    private static String figure(ArmFigure figure) {
        if (figure == null) {
            return "";
        }
        if (figure.value() == null) {
            return figure.ran() ? "none" : "not run";
        }
        return num(figure.value()) + (figure.repeated() ? " (" + num(figure.low()) + "-" + num(figure.high()) + ")"
                : "");
    }
}
