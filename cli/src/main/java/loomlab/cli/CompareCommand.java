package loomlab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import loomlab.core.BadInput;
import loomlab.lab.compare.Comparison;
import loomlab.lab.compare.Metric;
import loomlab.lab.compare.ResultsFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "compare", mixinStandardHelpOptions = true, description = "Compares two runs arm by arm (results.json files or run folders) and exits"
        + " 1 when the metric regressed beyond the threshold, so it can gate a build.")
final class CompareCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "A", description = "The earlier run: a results.json or its folder.")
    Path before;

    @Parameters(index = "1", paramLabel = "B", description = "The later run.")
    Path after;

    @Option(names = "--metric", paramLabel = "METRIC", defaultValue = "throughput_rps",
            description = "throughput_rps (default), p99, elapsed_s, or capacity_rps for assessed arms (assess,"
                    + " reactive).")
    String metric;

    @Option(names = "--threshold", paramLabel = "PCT", defaultValue = "10",
            description = "How many percent worse counts as a regression (default 10).")
    String threshold;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Metric chosen = Metric.parse(metric);
        double percent = threshold(threshold);
        ResultsFile a = ResultsFile.read(before);
        ResultsFile b = ResultsFile.read(after);
        Comparison comparison = Comparison.of(a.figures(chosen), b.figures(chosen), chosen, percent);
        PrintWriter out = spec.commandLine().getOut();
        out.println("A: " + a.path());
        out.println("B: " + b.path());
        out.println();
        out.print(comparison.table().toText());
        out.println();
        out.println(comparison.summary());
        out.flush();
        return comparison.regressions().isEmpty() ? 0 : 1;
    }

    private static double threshold(String text) {
        double value;
        try {
            value = Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new BadInput("--threshold '" + text + "' is not a number of percent (e.g. 10)");
        }
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new BadInput("--threshold '" + text + "' must be zero or a positive number of percent");
        }
        return value;
    }
}
