package loomlab.core.experiment;

import java.util.List;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.HttpArmPlan;

/**
 * Seed 002 on the seed's own server: the blocking-endpoint arms, unchanged in users, requests,
 * sleeps and published figures, run against Spring Boot on Tomcat instead of loomcat. Spring's
 * millisecond endpoint is {@code /blocking-ms/N} (its {@code /blocking/N} takes seconds, as in the seed).
 */
public final class SpringBlockingEndpoint implements Experiment {
    static final String SERVER = "spring";
    private static final String LOOMCAT_SLEEP = "/blocking/";
    private static final String SPRING_SLEEP = "/blocking-ms/";

    private final BlockingEndpoint arms = new BlockingEndpoint();

    @Override
    public String name() {
        return "blocking-endpoint-spring";
    }

    @Override
    public String summary() {
        return "seed 002 on its own server: Spring Boot on Tomcat, threads.max=10 vs spring.threads.virtual.enabled,"
                + " the blocking-endpoint arms";
    }

    @Override
    public List<ArmPlan> plan(Profile profile) {
        return arms.plan(profile).stream().map(arm -> (ArmPlan) onSpring((HttpArmPlan) arm)).toList();
    }

    /** The verdict reads the arms by mode and users only, so it applies to Spring's as they are. */
    @Override
    public String verdict(List<ArmResult> results) {
        return "Spring Boot on Tomcat. " + arms.verdict(results);
    }

    /** Planned arms are never swept yet (sweeps apply to the plan), so there is no sweep point to keep. */
    static HttpArmPlan onSpring(HttpArmPlan arm) {
        return new HttpArmPlan(arm.name(), SERVER, arm.executorMode(), springPath(arm.path()),
                arm.downstreamDelayMs(), arm.users(), arm.requests(), arm.duration(), arm.warmup(),
                springPath(arm.warmupPath()), arm.serviceSeconds(), arm.published());
    }

    static String springPath(String loomcatPath) {
        if (!loomcatPath.startsWith(LOOMCAT_SLEEP)) {
            throw new IllegalArgumentException("not a blocking-endpoint path: " + loomcatPath);
        }
        return SPRING_SLEEP + loomcatPath.substring(LOOMCAT_SLEEP.length());
    }
}
