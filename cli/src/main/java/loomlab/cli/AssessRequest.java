package loomlab.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import loomlab.core.arm.Carriers;
import loomlab.core.arm.WeightedRequest;
import loomlab.core.assess.AssessProfile;
import loomlab.core.experiment.Profile;
import loomlab.lab.assess.ServiceLauncher;
import loomlab.lab.jdk.JdkRequest;
import loomlab.lab.load.Engine;
import loomlab.load.Arrivals;

/**
 * {@code loomlab assess} as its options asked, each checked: what {@link Lab#assess} runs.
 *
 * @param pool       {@code --pool}, or null for the framework's own
 * @param readyLimit how long the service may take to answer its readiness probe
 * @param notes      what the user should know before the figures, from the options alone
 * @param postgres   {@code --postgres}: a throwaway PostgreSQL, {@code dbInit} (or null) loaded into it
 * @param out        the results folder given with {@code --out}, or null for a new one
 * @param command    the command line as results.json records it
 * @param extracted  {@code --extracted}: each thread model again on the extracted jar
 */
record AssessRequest(ServiceLauncher launcher, List<WeightedRequest> mix, String readyPath, double sloP99Ms,
                     Integer pool, List<Carriers> carriers, Arrivals arrivals, Engine engine,
                     List<JdkRequest> jdks, Profile profile, AssessProfile timing, int repeat, Duration readyLimit,
                     List<String> notes, boolean postgres, Path dbInit, Path out, String command,
                     boolean extracted) {
    AssessRequest {
        mix = List.copyOf(mix);
        carriers = List.copyOf(carriers);
        jdks = List.copyOf(jdks);
        notes = List.copyOf(notes);
    }
}
