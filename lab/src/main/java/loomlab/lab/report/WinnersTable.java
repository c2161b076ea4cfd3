package loomlab.lab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
}
