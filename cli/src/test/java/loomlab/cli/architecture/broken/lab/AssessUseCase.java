package loomlab.cli.architecture.broken.lab;

import loomlab.lab.report.files.ResultFiles;
import picocli.CommandLine;

/** A use case that parses the command line itself and builds report formats of its own instead of being handed them. */
public final class AssessUseCase {
    public int assess(String... args) {
        return new CommandLine(this).execute(args);
    }

    public ResultFiles reports() {
        return ResultFiles.standard();
    }
}
