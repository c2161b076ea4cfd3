package loomlab.core.experiment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.Published;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.Warmup;
import loomlab.core.bound.LittlesLaw;
import loomlab.core.finding.AgainstPublished;
import loomlab.core.finding.Finding;
import loomlab.core.finding.Lead;
import loomlab.core.finding.Leader;
import loomlab.core.finding.Measure;
import loomlab.core.finding.PublishedOverBound;
import loomlab.core.finding.ThreadModelMoot;
import loomlab.core.finding.ToolGap;
import loomlab.core.finding.WavesExplainGap;
import loomlab.threads.ExecutorMode;

/**
 * Seed 002's shape: an endpoint that sleeps 3 s behind a pool of 10 platform threads or virtual
 * threads, 60 requests by 20 users (the seed's {@code ab -n 60 -c 20}), then 600 by 200 users; on
 * loomcat, and on the seed's own server, Spring Boot on Tomcat ({@code server.tomcat.threads.max=N}
 * against {@code spring.threads.virtual.enabled}). The quick profile sleeps 0.5 s instead, on the
 * seed's server only (loomcat is the lab's control, the same sleeps without a framework); the bounds
 * scale with the sleep.
 */
public final class BlockingEndpoint implements Experiment {
    static final ExecutorMode POOL_OF_10 = ExecutorMode.platform(10);
    static final ExecutorMode POOL_OF_200 = ExecutorMode.platform(200);
    static final ExecutorMode VIRTUAL = ExecutorMode.virtual();
    static final List<ServerId> SERVERS = List.of(ServerId.LOOMCAT, ServerId.SPRING);
    /** The seed's sleep, which its published times and its own ideal of 18 s and 9 s rest on. */
    static final double SEED_SLEEP_S = 3;
    /** A measured gap counts as one service time when it is within this share of one. */
    static final double ONE_SERVICE_TIME_TOLERANCE = 0.3;
    /** The pool's waves explain its gap when the measured ratio is within this share of theirs. */
    static final double WAVES_TOLERANCE = 0.25;
    static final Published SEED_POOL_OF_10 = new Published(21.213, "s",
            "seed 002, Tomcat threads.max=10, ab -n 60 -c 20 against a 3 s sleep");
    static final Published SEED_VIRTUAL = new Published(12.210, "s",
            "seed 002, virtual threads, ab -n 60 -c 20 against a 3 s sleep");
    static final Published SEED_POOL_OF_200 = new Published(542, "of 600 answered",
            "seed 002, 200 threads, ab -n 600 -c 200: ab timed out after 542");

    @Override
    public String name() {
        return "blocking-endpoint";
    }

    @Override
    public String question() {
        return "How much sooner do 60 requests to a 3 s blocking endpoint finish on virtual threads?";
    }

    @Override
    public String summary() {
        return "seed 002: a 3 s blocking endpoint on loomcat and on Spring Boot (Tomcat), 60 requests by 20 users,"
                + " platform:10 vs virtual; 600 by 200 users";
    }

    @Override
    public List<ArmPlan> plan(Profile profile) {
        long sleepMs = profile.pick(500L, 3000L);
        Endpoint sleep = new Endpoint.Sleep(sleepMs);
        // The arms are bound by their sleeps (waves of 0.5 s or 3 s), not the CPU, whose bound sits far
        // below the waves' (docs/measurements.md, "Carried over from code comments"): quick warms each
        // server half a second.
        Warmup warmup = new Warmup(profile.pick(Duration.ofMillis(500), Duration.ofSeconds(1)), new Endpoint.Sleep(1));
        // The seed's figures sit beside arms of the seed's own sleep only.
        boolean seedsSleep = sleepMs == SEED_SLEEP_S * 1000;
        List<ArmPlan> arms = new ArrayList<>();
        for (ServerId server : profile.pick(List.of(ServerId.SPRING), SERVERS)) {
            arms.add(HttpArmPlan.forRequests(server, POOL_OF_10, sleep, 20, 60, warmup)
                    .withPublished(seedsSleep ? SEED_POOL_OF_10 : null));
            arms.add(HttpArmPlan.forRequests(server, VIRTUAL, sleep, 20, 60, warmup)
                    .withPublished(seedsSleep ? SEED_VIRTUAL : null));
            arms.add(HttpArmPlan.forRequests(server, POOL_OF_200, sleep, 200, 600, warmup)
                    .withPublished(seedsSleep ? SEED_POOL_OF_200 : null));
            arms.add(HttpArmPlan.forRequests(server, VIRTUAL, sleep, 200, 600, warmup));
        }
        return List.copyOf(arms);
    }

    @Override
    public List<Finding> findings(List<ArmResult> arms) {
        List<ThreadModelPairs> pairs = ThreadModelPairs.of(arms);
        if (pairs.isEmpty()) {
            return Arms.noVerdict(arms, "a pool arm and a virtual arm of the same server and users");
        }
        List<Finding> findings = new ArrayList<>();
        for (ThreadModelPairs pair : pairs) {
            findings.addAll(pair.findings());
            wavesExplainGap(pair).ifPresent(findings::add);
            moot(pair).ifPresent(findings::add);
        }
        for (HttpArmResult arm : Arms.all(arms, HttpArmResult.class)) {
            findings.addAll(published(arm));
            toolGap(arm).ifPresent(findings::add);
        }
        findings.addAll(Arms.closing(arms));
        return findings;
    }

    /**
     * The pool took longer by about the ratio of the waves it had to pass the requests in: said where the
     * virtual arm's time was the shorter, lead or not, since the measured ratio itself must match the waves'.
     */
    static Optional<Finding> wavesExplainGap(ThreadModelPairs pair) {
        HttpArmResult pool = pair.pool();
        HttpArmResult virtual = pair.virtual();
        if (!pool.countsRequests() || pair.lead().ahead() != Leader.FIRST) {
            return Optional.empty();
        }
        long requests = pool.load().requests();
        long poolWaves = LittlesLaw.waves(requests, Math.min(pool.users(), pair.poolSize()));
        long virtualWaves = LittlesLaw.waves(requests, virtual.users());
        double wavesRatio = (double) poolWaves / virtualWaves;
        double measuredRatio = pool.elapsedS() / virtual.elapsedS();
        if (poolWaves <= virtualWaves || Math.abs(measuredRatio / wavesRatio - 1) > WAVES_TOLERANCE) {
            return Optional.empty();
        }
        return Optional.of(new WavesExplainGap(pool.key(), poolWaves, virtual.key(), virtualWaves,
                wavesRatio, measuredRatio));
    }

    /** Neither led, and the pool had a thread for every user: the thread model had nothing to change. */
    static Optional<Finding> moot(ThreadModelPairs pair) {
        Lead lead = pair.lead();
        if (lead.leader() != Leader.NEITHER || pair.poolSize() < pair.virtual().users()) {
            return Optional.empty();
        }
        return Optional.of(new ThreadModelMoot(pair.pool().key(), pair.poolSize(), pair.virtual().key(),
                pair.virtual().users()));
    }

    /**
     * The seed's figure beside the lab's where the arm ran the seed's setting, and, for the 20-user
     * arms whatever their sleep, how far the seed's own times sat above the seed's own bound.
     */
    static List<Finding> published(HttpArmResult arm) {
        List<Finding> findings = new ArrayList<>();
        Published seed = arm.published();
        if (seed != null) {
            boolean time = "s".equals(seed.unit());
            findings.add(new AgainstPublished(arm.key(), time ? Measure.ELAPSED : Measure.ANSWERED,
                    time ? arm.elapsedS() : arm.measured().successfulRequests(), seed));
        }
        seedTimeOf(arm).ifPresent(seedTime -> {
            int limit = arm.executorMode().concurrencyLimit();
            double seedBound = LittlesLaw.elapsedBound(arm.load().requests(), arm.users(), limit, SEED_SLEEP_S);
            findings.add(new PublishedOverBound(arm.key(), seedTime, seedBound, SEED_SLEEP_S));
        });
        return findings;
    }

    /** The seed's time for the arm's setting: 60 requests by 20 users through a pool of 10 or virtual threads. */
    private static Optional<Published> seedTimeOf(HttpArmResult arm) {
        if (arm.users() != 20 || arm.load().requests() != 60) {
            return Optional.empty();
        }
        ExecutorMode mode = arm.executorMode();
        return mode.equals(POOL_OF_10) ? Optional.of(SEED_POOL_OF_10)
                : mode.equals(VIRTUAL) ? Optional.of(SEED_VIRTUAL) : Optional.empty();
    }

    /** An arm measured by a tool that sends its first request alone (ab), about one whole service time over its bound. */
    static Optional<Finding> toolGap(HttpArmResult arm) {
        var wait = arm.check().bound().waiting();
        if (!arm.measured().firstRequestAlone() || arm.boundElapsedS() == null || wait == null) {
            return Optional.empty();
        }
        double over = (arm.elapsedS() - arm.boundElapsedS()) / wait.waitS();
        if (Math.abs(over - 1) > ONE_SERVICE_TIME_TOLERANCE) {
            return Optional.empty();
        }
        return Optional.of(new ToolGap(arm.key(), arm.engine(), arm.elapsedS(), arm.boundElapsedS(),
                wait.waitS(), over));
    }
}
