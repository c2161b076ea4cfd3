package loomlab.lab.report;

import loomlab.core.result.RunResult;

/** One way of writing a run's results to a file beside results.json. */
public interface ReportFormat {
    /** The file name in the run's output folder. */
    String fileName();

    String render(RunResult run);
}
