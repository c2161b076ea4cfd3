package loomlab.cli.architecture.broken.lab;

import loomlab.lab.report.files.ResultFiles;
import loomlab.lab.run.ArmRunners;
import loomlab.lab.run.ExperimentRunner;

/** A use case as the lab's are: handed what it needs, it builds the runners of its run and knows no command line. */
public final class RunUseCase {
    public int run() {
        return 0;
    }

    public ExperimentRunner runner(ResultFiles reports) {
        return new ExperimentRunner(new ArmRunners(), reports);
    }
}
