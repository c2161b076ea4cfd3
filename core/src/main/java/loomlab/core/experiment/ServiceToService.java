package loomlab.core.experiment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.Published;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.Warmup;
import loomlab.core.finding.AgainstPublished;
import loomlab.core.finding.Finding;
import loomlab.core.finding.Measure;
import loomlab.threads.ExecutorMode;

/**
 * Seed 000, "A Tour of the Loom": loomcat calls a downstream service that answers after 50 ms, once
 * with a single platform thread (the seed's TomCatApp) and once with a virtual thread per request
 * (LoomCatApp), each with 1 user and with 20.
 */
public final class ServiceToService implements Experiment {
    static final long DOWNSTREAM_DELAY_MS = 50;
    static final ExecutorMode ONE_PLATFORM_THREAD = ExecutorMode.platform(1);
    static final ExecutorMode VIRTUAL = ExecutorMode.virtual();
    static final Published TOMCAT_APP = new Published(17.2, "req/s", "seed 000 TomCatApp, 1 user, 60 s: 1,049 requests");
    static final Published LOOMCAT_APP = new Published(213, "req/s",
            "seed 000 LoomCatApp, 20 users, 60 s: 12,785 requests, avg 88 ms");

    @Override
    public String name() {
        return "service-to-service";
    }

    @Override
    public String question() {
        return "Does a virtual thread per request beat a one-thread pool when one service calls another?";
    }

    @Override
    public String summary() {
        return "seed 000: loomcat calls a 50 ms downstream service; platform:1 vs virtual, 1 and 20 users";
    }

    @Override
    public List<ArmPlan> plan(Profile profile) {
        // Quick: 2 s hold about 40 requests of one user and 800 of twenty, after 1 s of warm-up: as short
        // as the arms stay at their Little's-law bounds (docs/measurements.md, "Why the quick windows are
        // as they are").
        Duration duration = profile.pick(Duration.ofSeconds(2), Duration.ofSeconds(60));
        Warmup warmup = new Warmup(profile.pick(Duration.ofSeconds(1), Duration.ofSeconds(5)),
                new Endpoint.DownstreamCall(DOWNSTREAM_DELAY_MS));
        List<ArmPlan> arms = new ArrayList<>();
        for (ExecutorMode mode : List.of(ONE_PLATFORM_THREAD, VIRTUAL)) {
            for (int users : List.of(1, 20)) {
                arms.add(HttpArmPlan.forDuration(ServerId.LOOMCAT, mode,
                        new Endpoint.DownstreamCall(DOWNSTREAM_DELAY_MS), users, duration, warmup)
                        .withPublished(published(mode, users)));
            }
        }
        return arms;
    }

    private static Published published(ExecutorMode mode, int users) {
        if (mode.equals(ONE_PLATFORM_THREAD) && users == 1) {
            return TOMCAT_APP;
        }
        if (mode.equals(VIRTUAL) && users == 20) {
            return LOOMCAT_APP;
        }
        return null;
    }

    @Override
    public List<Finding> findings(List<ArmResult> arms) {
        List<ThreadModelPairs> pairs = ThreadModelPairs.of(arms);
        if (pairs.isEmpty()) {
            return Arms.noVerdict(arms, "a platform:1 arm and a virtual arm under the same load");
        }
        List<Finding> findings = new ArrayList<>();
        for (ThreadModelPairs pair : pairs) {
            findings.addAll(pair.findings());
        }
        for (HttpArmResult arm : Arms.all(arms, HttpArmResult.class)) {
            if (arm.published() != null) {
                findings.add(new AgainstPublished(arm.key(), Measure.THROUGHPUT, arm.goodputRps(),
                        arm.published()));
            }
        }
        findings.addAll(Arms.closing(arms));
        return findings;
    }
}
