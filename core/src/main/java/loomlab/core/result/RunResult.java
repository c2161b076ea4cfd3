package loomlab.core.result;

import java.util.List;

/**
 * Everything one {@code loomlab run} produced: the document written to {@code results.json}.
 *
 * @param schema    the version of this document's layout
 * @param startedAt ISO-8601 instant
 * @param command   the command line that made it
 */
public record RunResult(String schema, String startedAt, double elapsedS, String command, String profile,
                        Environment environment, List<ExperimentResult> experiments) {
    public static final String SCHEMA = "loomlab.results/5";

    public RunResult {
        experiments = List.copyOf(experiments);
    }
}
