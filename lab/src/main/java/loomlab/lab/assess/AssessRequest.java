package loomlab.lab.assess;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import loomlab.core.arm.Carriers;
import loomlab.core.arm.WeightedRequest;
import loomlab.core.assess.AssessProfile;
import loomlab.core.experiment.Profile;
import loomlab.lab.jdk.JdkRequest;
import loomlab.lab.load.Engine;
import loomlab.load.Arrivals;

/**
 * {@code loomlab assess} as its options asked, each checked: what {@link AssessUseCase#assess} runs, in
 * named parts: the service, the load it is held to, its arms, its database and where the results go.
 */
public record AssessRequest(Service service, Load load, Arms arms, Database database, Output output) {
    /**
     * The service assessed.
     *
     * @param readyPath  polled with GET until it answers 2xx before anything is measured
     * @param readyLimit how long the service may take to answer its readiness probe
     * @param notes      what the user should know before the figures, from the options alone
     */
    public record Service(ServiceLauncher launcher, String readyPath, Duration readyLimit, List<String> notes) {
        public Service {
            notes = List.copyOf(notes);
        }
    }

    /**
     * The load the service is held to.
     *
     * @param mix      the requests, weighted
     * @param sloP99Ms the p99 target of the capacity search, in milliseconds
     * @param arrivals how the capacity search spaces its arrivals
     * @param engine   what drives the closed-model curve
     */
    public record Load(List<WeightedRequest> mix, double sloP99Ms, Arrivals arrivals, Engine engine) {
        public Load {
            mix = List.copyOf(mix);
        }
    }

    /**
     * The arms measured.
     *
     * @param pool     {@code --pool}, or null for the framework's own
     * @param carriers a virtual arm per count of carriers, besides the platform and virtual arms
     * @param jdks     {@code --jdk}'s requests: every arm on each; empty for the command's own java
     * @param repeat   how many times the arms run
     * @param extracted {@code --extracted}: each thread model again on the extracted Spring Boot jar
     */
    public record Arms(Integer pool, List<Carriers> carriers, List<JdkRequest> jdks, int repeat, boolean extracted) {
        public Arms {
            carriers = List.copyOf(carriers);
            jdks = List.copyOf(jdks);
        }

        /** The arms of the service as it was given, with no extracted jar beside it. */
        public Arms(Integer pool, List<Carriers> carriers, List<JdkRequest> jdks, int repeat) {
            this(pool, carriers, jdks, repeat, false);
        }
    }

    /**
     * The service's database.
     *
     * @param postgres {@code --postgres}: a throwaway PostgreSQL for the service
     * @param init     {@code --db-init}: the script loaded into it, or null
     */
    public record Database(boolean postgres, Path init) {
        /** No database of the lab's. */
        public static final Database NONE = new Database(false, null);
    }

    /**
     * How long it measures and where its results go.
     *
     * @param profile the profile the results folder and the output name
     * @param timing  the curve's users and steps, the capacity search's
     * @param out     the results folder given with {@code --out}, or null for a new one
     * @param command the command line as results.json records it
     */
    public record Output(Profile profile, AssessProfile timing, Path out, String command) {
    }
}
