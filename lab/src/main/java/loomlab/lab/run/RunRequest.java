package loomlab.lab.run;

import java.nio.file.Path;
import java.util.List;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.Profile;
import loomlab.core.sweep.Sweep;
import loomlab.lab.database.DatabaseTarget;
import loomlab.lab.jdk.JdkRequest;
import loomlab.lab.load.Engine;

/**
 * {@code loomlab run} as its options asked, each checked: what {@link RunUseCase#run} runs.
 *
 * @param out      the results folder given with {@code --out}, or null for a new one named after the run
 * @param sweep    {@code --sweep}, or null
 * @param database the server named with {@code --db-url}, or null for a throwaway one
 * @param jdks     {@code --jdk}'s requests, empty when none was named
 * @param watchdog false with {@code --no-watchdog}
 * @param command  the command line as results.json records it
 */
public record RunRequest(List<Experiment> experiments, Profile profile, Path out, Sweep sweep, int repeat,
                         Engine engine, DatabaseTarget database, List<JdkRequest> jdks, boolean watchdog,
                         String command) {
    public RunRequest {
        experiments = List.copyOf(experiments);
        jdks = List.copyOf(jdks);
    }
}
