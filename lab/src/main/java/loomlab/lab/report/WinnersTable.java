package loomlab.lab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loomlab.core.Figures;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.arm.PathFigures;
import loomlab.core.assess.CapacityStep;
import loomlab.core.experiment.Reactive;
import loomlab.core.finding.WinnersMatrix;
import loomlab.core.result.ExperimentResult;
import loomlab.lab.report.verdict.ReactiveWords;

/** The reactive experiment's winners matrix: a row per workload, a column per metric, from its findings. */
public final class WinnersTable {
    private WinnersTable() {
    }

    /** The matrix, or empty when the experiment has none. */
    public static Optional<Table> of(ExperimentResult experiment) {
        List<WinnersMatrix> rows = experiment.findings().stream().filter(WinnersMatrix.class::isInstance)
                .map(WinnersMatrix.class::cast).toList();
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        List<String> headers = new ArrayList<>(List.of("workload"));
        for (WinnersMatrix.Metric metric : WinnersMatrix.Metric.values()) {
            headers.add(ReactiveWords.metric(metric, rows.getFirst().commonRateRps()));
        }
        Table table = new Table(headers, headers.size());
        for (WinnersMatrix row : rows) {
            List<String> cells = new ArrayList<>(List.of(row.workload()));
            for (WinnersMatrix.Metric metric : WinnersMatrix.Metric.values()) {
                WinnersMatrix.Cell cell = row.cell(metric);
                cells.add(cell == null ? "" : ReactiveWords.cell(cell));
            }
            table.row(cells);
        }
        return Optional.of(table);
    }

    /**
     * Each arm's paths at the common rate, the reactive experiment's per-path tails: answered, p99,
     * p99.9 and the slowest, from the intended send time; empty for any other experiment.
     */
    public static Optional<Table> paths(ExperimentResult experiment) {
        if (experiment.findings().stream().noneMatch(WinnersMatrix.class::isInstance)) {
            return Optional.empty();
        }
        Table table = new Table(List.of("arm", "path", "rate req/s", "answered", "p99 ms", "p99.9 ms", "max ms",
                "errors"));
        for (ArmResult arm : experiment.arms()) {
            if (!(arm instanceof AssessArmResult assessed)) {
                continue;
            }
            Optional<CapacityStep> step = Reactive.stepAtCommonRate(assessed);
            if (step.isEmpty()) {
                continue;
            }
            for (PathFigures path : step.get().paths()) {
                table.row(List.of(assessed.name(), path.path(), Figures.num(step.get().rateRps()),
                        Figures.count(path.count()), Figures.num(path.p99Ms()), Figures.num(path.p999Ms()),
                        Figures.num(path.maxMs()), Figures.count(path.errors())));
            }
        }
        return table.rows().isEmpty() ? Optional.empty() : Optional.of(table);
    }
}
