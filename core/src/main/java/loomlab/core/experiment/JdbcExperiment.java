package loomlab.core.experiment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import loomlab.core.Figures;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.JdbcArmPlan;
import loomlab.core.arm.LoadShape;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.Published;
import loomlab.core.arm.SeedColumns;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.Warmup;
import loomlab.core.bound.Pause;
import loomlab.core.bound.WaitTerm;
import loomlab.core.finding.AgainstPublished;
import loomlab.core.finding.DatabaseLost;
import loomlab.core.finding.Finding;
import loomlab.core.finding.JdbcLimit;
import loomlab.core.finding.Measure;
import loomlab.core.finding.OtherMachine;
import loomlab.core.finding.PacingDifference;
import loomlab.core.finding.PublishedLead;
import loomlab.threads.ExecutorMode;

/**
 * Seed 004's shape: a server reads every row of a PostgreSQL table (about 1.2 MiB of JSON) through
 * blocking JDBC, on a pool of platform threads or on a virtual thread per request, at pool limits
 * of 10, 100 and 300; then, at a pool of 10, with a wait added to every request after its query.
 * The seed ran Quarkus under siege, 1,000 requests with a pause of up to 1 s before each, on 10
 * cores; the lab runs the same on Quarkus and, without a framework, on loomcat's {@code /db}, each
 * user pausing 1 s between an answer and its next request. The seed did not say how many users
 * siege simulated; the lab uses enough to keep the machine's cores busy.
 */
public final class JdbcExperiment implements Experiment {
    /** The key's parameter for the database's wait, when the arm's queries wait. */
    static final String WAIT = "wait";
    static final int SEED_MIN_CONNECTIONS = 60;
    static final int SEED_MAX_CONNECTIONS = 90;
    static final int SEED_CORES = 10;
    static final int SLOW_POOL = 10;
    static final Duration THINK = Duration.ofSeconds(1);
    /** The seed's siege: 1,000 requests by 200 users; its slow endpoint slept 2 s. */
    static final int SEED_REQUESTS = 1000;
    static final int SEED_USERS = 200;
    static final long SEED_WAIT_MS = 2000;
    static final List<ServerId> SERVERS = List.of(ServerId.QUARKUS, ServerId.LOOMCAT);

    /** The seed's siege columns at one pool limit: {platform, virtual}. */
    private record SeedRun(int pool, SeedColumns worker, SeedColumns virtual) {
        SeedColumns of(boolean virtualThreads) {
            return virtualThreads ? virtual : worker;
        }
    }

    private static final List<SeedRun> SEED = List.of(
            new SeedRun(10, new SeedColumns(10.94, 4.11, 91.41, 106.91), new SeedColumns(12.38, 7.56, 80.78, 94.47)),
            new SeedRun(100, new SeedColumns(10.50, 4.07, 95.24, 108.27), new SeedColumns(12.02, 6.89, 83.19, 97.30)),
            new SeedRun(300, new SeedColumns(10.23, 3.92, 97.75, 114.33), new SeedColumns(12.07, 6.99, 82.85, 96.90)));
    private static final SeedRun SEED_SLOW = new SeedRun(SLOW_POOL, new SeedColumns(213.81, 106.56, 4.68, 5.47),
            new SeedColumns(13.34, 8.15, 74.96, 87.68));

    @Override
    public String name() {
        return "jdbc";
    }

    @Override
    public String question() {
        return "Do virtual threads help blocking JDBC on Quarkus?";
    }

    @Override
    public String summary() {
        return "seed 004: ~1.2 MiB of PostgreSQL rows per request via blocking JDBC on Quarkus (worker pool vs"
                + " @RunOnVirtualThread) and on loomcat (platform:N vs virtual), 1 s pause per user, pools of"
                + " 10/100/300, then pool 10 with a wait per request";
    }

    /**
     * Quick: the seed's server (Quarkus) only, pool 10 only, 200 requests by 100 users (2 each) and 40
     * wait requests by 20 users with a 1 s wait; full: loomcat beside it, 1,000 requests by 200 users at
     * every pool, 1,000 wait requests with the seed's 2 s. loomcat is the lab's own control (the same
     * reads without a framework), which a first look can do without: each of its arms is a server start,
     * a warm-up and a window more.
     */
    @Override
    public List<ArmPlan> plan(Profile profile) {
        int users = profile.pick(100, 200);
        long requests = profile.pick(200L, 1000L);
        // The quick read arms run at their CPU bound, so they compare CPU per request, which the JIT
        // still moves after 1 s: with a 1 s warm-up one run's lead went the other way (docs/ci.md).
        Duration warmup = Duration.ofSeconds(profile.pick(2, 5));
        List<ArmPlan> arms = new ArrayList<>();
        List<ServerId> servers = profile.pick(List.of(ServerId.QUARKUS), SERVERS);
        for (SeedRun seed : profile.pick(SEED.subList(0, 1), SEED)) {
            for (ServerId server : servers) {
                for (boolean virtual : List.of(false, true)) {
                    arms.add(arm(server, seed.pool(), virtual, 0, users, requests, warmup, seed));
                }
            }
        }
        long waitMs = profile.pick(1000L, 2000L);
        int slowUsers = profile.pick(20, 200);
        long slowRequests = profile.pick(40L, 1000L);
        // The wait arms are bound by their wait and the pool, not the CPU (their users' CPU a wave is a
        // small part of the wave's wait; docs/measurements.md, "Carried over from code comments"): a
        // cooler JIT moves them by milliseconds against seconds, so quick warms them 1 s.
        Duration waitWarmup = Duration.ofSeconds(profile.pick(1, 5));
        for (ServerId server : servers) {
            for (boolean virtual : List.of(false, true)) {
                arms.add(arm(server, SLOW_POOL, virtual, waitMs, slowUsers, slowRequests, waitWarmup, SEED_SLOW));
            }
        }
        return List.copyOf(arms);
    }

    private static JdbcArmPlan arm(ServerId server, int pool, boolean virtual, long waitMs, int users, long requests,
                                   Duration warmup, SeedRun seed) {
        ExecutorMode mode = virtual ? ExecutorMode.virtual() : ExecutorMode.platform(pool);
        boolean seedRanIt = ServerId.QUARKUS.equals(server);
        Published published = null;
        if (seedRanIt) {
            published = new Published(seed.of(virtual).transactionRate(), "req/s", "seed 004, siege 1,000 requests,"
                    + " -d 1, 10 cores, pool " + seed.pool() + (waitMs > 0 ? ", 2 s sleep per request" : ""));
            String changes = (waitMs > 0 && waitMs != SEED_WAIT_MS ? " (this profile waits " + Figures.millis(waitMs)
                    + ")" : "") + (requests != SEED_REQUESTS ? "; this profile sends " + requests + " requests" : "")
                    + (users != SEED_USERS ? " by " + users + " users" : "");
            if (!changes.isEmpty()) {
                // Fewer users bound the ratio between the arms (20 users on a pool of 10 allow 2x at most).
                published = published.changedSetting(changes);
            }
        }
        LoadShape load = new LoadShape(users, requests, null, Pause.fixed(THINK),
                new Warmup(warmup, new Endpoint.DatabaseRead(0)));
        HttpArmPlan http = HttpArmPlan.of(server, mode, new Endpoint.DatabaseRead(waitMs), load).withPublished(published);
        if (waitMs > 0) {
            http = http.withParam(WAIT, ParamValue.millis(waitMs));
        }
        return new JdbcArmPlan(http, pool, SEED_MIN_CONNECTIONS, SEED_MAX_CONNECTIONS,
                seedRanIt ? seed.of(virtual) : null);
    }

    @Override
    public List<Finding> findings(List<ArmResult> arms) {
        List<ThreadModelPairs> pairs = ThreadModelPairs.of(arms);
        if (pairs.isEmpty()) {
            return Arms.noVerdict(arms, "a pool arm and a virtual arm of the same server, pool and wait");
        }
        List<Finding> findings = new ArrayList<>();
        for (ThreadModelPairs pair : pairs) {
            findings.addAll(pair.findings());
            findings.add(JdbcLimit.of(pair.virtual()));
            findings.add(JdbcLimit.of(pair.pool()));
            seedLead(pair).ifPresent(findings::add);
        }
        for (HttpArmResult arm : Arms.all(arms, HttpArmResult.class)) {
            if (arm.published() != null) {
                findings.add(new AgainstPublished(arm.key(), Measure.THROUGHPUT, arm.goodputRps(),
                        arm.published()));
            }
        }
        findings.addAll(pacing(pairs));
        pairs.stream().map(p -> p.virtual().jdbc()).filter(j -> j != null).findFirst()
                .ifPresent(j -> findings.add(new OtherMachine(SEED_CORES, j.machineCores())));
        List<ArmKey> lost = Arms.all(arms, HttpArmResult.class).stream()
                .filter(a -> a.jdbc() != null && a.jdbc().databaseStopped()).map(HttpArmResult::key).toList();
        if (!lost.isEmpty()) {
            findings.add(new DatabaseLost(lost));
        }
        findings.addAll(Arms.closing(arms));
        return findings;
    }

    /** What the seed measured for the same pair, when this profile ran the seed's setting. */
    private static Optional<Finding> seedLead(ThreadModelPairs pair) {
        Published virtual = pair.virtual().published();
        Published pool = pair.pool().published();
        if (virtual == null || pool == null || !virtual.sameSetting() || !pool.sameSetting()) {
            return Optional.empty();
        }
        return Optional.of(new PublishedLead(Measure.THROUGHPUT, pair.virtual().key(), virtual, pair.pool().key(),
                pool));
    }

    /**
     * How much more often siege's users would have come back than the lab's, once per wait the arms
     * had (the unloaded latency of the fast arms, the added wait of the slow ones); not said for arms
     * siege itself measured, which paced as the seed did.
     */
    private static List<Finding> pacing(List<ThreadModelPairs> pairs) {
        Map<Optional<ParamValue>, Finding> byVariant = new LinkedHashMap<>();
        for (ThreadModelPairs pair : pairs) {
            HttpArmResult virtual = pair.virtual();
            WaitTerm wait = virtual.check().bound().waiting();
            if (wait == null || wait.pause().isNone() || wait.pause().model() == Pause.Model.UNIFORM_BEFORE_REQUEST) {
                continue;
            }
            Optional<ParamValue> variant = virtual.key().param(WAIT);
            byVariant.putIfAbsent(variant, PacingDifference.of(wait.waitS(), wait.pause().seconds()));
        }
        return List.copyOf(byVariant.values());
    }
}
