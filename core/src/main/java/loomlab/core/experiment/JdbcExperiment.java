package loomlab.core.experiment;

import static loomlab.core.experiment.Figures.num;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.JdbcArmPlan;
import loomlab.core.arm.Published;
import loomlab.core.arm.SeedColumns;
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
    static final int SEED_MIN_CONNECTIONS = 60;
    static final int SEED_MAX_CONNECTIONS = 90;
    static final int SLOW_POOL = 10;
    static final Duration THINK = Duration.ofSeconds(1);

    /** A server that reads the table, and how it names its two ways of running a request. */
    enum Server {
        QUARKUS("quarkus", "worker threads") {
            @Override
            String path(boolean virtual, long waitMs) {
                String fast = fastPath(virtual);
                return waitMs > 0 ? fast + "-slow?sleepMs=" + waitMs : fast;
            }

            @Override
            String fastPath(boolean virtual) {
                return virtual ? "/sandbox/loom/jdbc" : "/sandbox/blocking/jdbc";
            }
        },
        LOOMCAT("loomcat", "platform threads") {
            @Override
            String path(boolean virtual, long waitMs) {
                return waitMs > 0 ? "/db?sleepMs=" + waitMs : fastPath(virtual);
            }

            @Override
            String fastPath(boolean virtual) {
                return "/db";
            }
        };

        final String id;
        final String poolThreads;

        Server(String id, String poolThreads) {
            this.id = id;
            this.poolThreads = poolThreads;
        }

        abstract String path(boolean virtual, long waitMs);

        abstract String fastPath(boolean virtual);
    }

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
    public String summary() {
        return "seed 004: ~1.2 MiB of PostgreSQL rows per request via blocking JDBC on Quarkus (worker pool vs"
                + " @RunOnVirtualThread) and on loomcat (platform:N vs virtual), 1 s pause per user, pools of"
                + " 10/100/300, then pool 10 with a wait per request";
    }

    /**
     * Quick: pool 10 only, 200 requests by 100 users (2 each) and 40 wait requests by 20 users with a
     * 1 s wait; full: 1,000 requests by 200 users at every pool, 1,000 wait requests with the seed's 2 s.
     */
    @Override
    public List<ArmPlan> plan(Profile profile) {
        int users = profile.pick(100, 200);
        long requests = profile.pick(200L, 1000L);
        Duration warmup = Duration.ofSeconds(profile.pick(2, 5));
        List<ArmPlan> arms = new ArrayList<>();
        for (SeedRun seed : profile.pick(SEED.subList(0, 1), SEED)) {
            for (Server server : Server.values()) {
                arms.add(arm(server, seed.pool(), false, 0, users, requests, warmup, seed));
                arms.add(arm(server, seed.pool(), true, 0, users, requests, warmup, seed));
            }
        }
        long waitMs = profile.pick(1000L, 2000L);
        int slowUsers = profile.pick(20, 200);
        long slowRequests = profile.pick(40L, 1000L);
        for (Server server : Server.values()) {
            arms.add(arm(server, SLOW_POOL, false, waitMs, slowUsers, slowRequests, warmup, SEED_SLOW));
            arms.add(arm(server, SLOW_POOL, true, waitMs, slowUsers, slowRequests, warmup, SEED_SLOW));
        }
        return List.copyOf(arms);
    }

    static String armName(Server server, int pool, boolean virtual, long waitMs) {
        return server.id + " pool " + pool + (waitMs > 0 ? " + " + num(waitMs / 1000.0) + " s wait" : "")
                + (virtual ? ", virtual threads" : ", " + server.poolThreads);
    }

    private static JdbcArmPlan arm(Server server, int pool, boolean virtual, long waitMs, int users, long requests,
                                   Duration warmup, SeedRun seed) {
        ExecutorMode mode = virtual ? ExecutorMode.virtual() : ExecutorMode.platform(pool);
        double service = waitMs > 0 ? waitMs / 1000.0 : JdbcArmPlan.NOMINAL_SERVICE_SECONDS;
        boolean seedRanIt = server == Server.QUARKUS;
        Published published = seedRanIt ? new Published(seed.of(virtual).transactionRate(), "req/s",
                "seed 004, siege 1,000 requests, -d 1, 10 cores, pool " + seed.pool()
                        + (waitMs > 0 ? ", 2 s sleep per request" : "")
                        + (waitMs > 0 && waitMs != 2000 ? " (this profile waits " + num(waitMs / 1000.0) + " s)" : "")
                        + (requests != 1000 ? "; this profile sends " + requests + " requests" : ""))
                : null;
        HttpArmPlan http = new HttpArmPlan(armName(server, pool, virtual, waitMs), server.id, mode,
                server.path(virtual, waitMs), null, users, requests, null, warmup, server.fastPath(virtual), service,
                published, null, THINK);
        return new JdbcArmPlan(http, pool, SEED_MIN_CONNECTIONS, SEED_MAX_CONNECTIONS,
                seedRanIt ? seed.of(virtual) : null);
    }

    @Override
    public String verdict(List<ArmResult> arms) {
        List<String> sentences = new ArrayList<>();
        for (SeedRun seed : SEED) {
            for (Server server : Server.values()) {
                Optional<HttpArmResult> platform = arm(arms, armName(server, seed.pool(), false, 0));
                Optional<HttpArmResult> virtual = arm(arms, armName(server, seed.pool(), true, 0));
                if (platform.isPresent() && virtual.isPresent()) {
                    sentences.add(poolSentence(server, seed, platform.get(), virtual.get()));
                }
            }
        }
        for (Server server : Server.values()) {
            Optional<HttpArmResult> slowPlatform = slowArm(arms, server, false);
            Optional<HttpArmResult> slowVirtual = slowArm(arms, server, true);
            if (slowPlatform.isPresent() && slowVirtual.isPresent()) {
                sentences.add(slowSentence(server, slowPlatform.get(), slowVirtual.get()));
            }
        }
        if (sentences.isEmpty()) {
            return "No verdict: no pair of arms ran. " + skipReason(arms) + Figures.missing(arms);
        }
        sentences.add("The seed's load tool paced differently: siege -d 1 waits a random time of up to 1 s"
                + " (0.5 s on average) before each request, where the lab's users pause exactly 1 s after each"
                + " answer, so siege's users came back about twice as often and the seed's elapsed times and"
                + " transaction rates are not the lab's to match; the seed also ran on 10 cores, so the"
                + " limits named here are this machine's.");
        lostDatabase(arms).ifPresent(sentences::add);
        String pinning = Figures.pinning(arms);
        if (!pinning.isEmpty()) {
            sentences.add(pinning);
        }
        String missing = Figures.missing(arms);
        return String.join(" ", sentences) + (missing.isEmpty() ? "" : " " + missing);
    }

    private static String poolSentence(Server server, SeedRun seed, HttpArmResult platform, HttpArmResult virtual) {
        JdbcLimit virtualLimit = JdbcLimit.of(virtual);
        JdbcLimit platformLimit = JdbcLimit.of(platform);
        String limits = virtualLimit.kind().equals(platformLimit.kind())
                ? "both were limited by " + virtualLimit.sentence() + " (virtual threads; the pool's figures are in"
                        + " the table)"
                : "virtual threads were limited by " + virtualLimit.sentence() + ", the pool by "
                        + platformLimit.sentence();
        String sentence = capitalised(server.id) + " pool " + seed.pool() + ": "
                + Figures.leaderMidSentence("virtual threads", virtual.throughputRps(), "the " + server.poolThreads,
                platform.throughputRps(), true)
                + " with " + num(virtual.throughputRps()) + " against " + num(platform.throughputRps())
                + " req/s (" + errors(platform, virtual) + "); " + limits + ".";
        if (server == Server.QUARKUS) {
            sentence += " The seed measured " + num(seed.virtual().transactionRate()) + " against "
                    + num(seed.worker().transactionRate()) + " trans/s, the worker pool ahead by "
                    + Figures.percent(seed.worker().transactionRate() / seed.virtual().transactionRate() - 1) + ".";
        }
        return sentence;
    }

    private static String slowSentence(Server server, HttpArmResult platform, HttpArmResult virtual) {
        String sentence = capitalised(server.id) + " with a wait after every query: " + platform.requests()
                + " requests by " + platform.users() + " users took " + num(platform.elapsedS()) + " s on a pool of "
                + SLOW_POOL + " (bound " + num(platform.boundElapsedS()) + " s) and " + num(virtual.elapsedS())
                + " s on virtual threads (bound " + num(virtual.boundElapsedS()) + " s), "
                + Figures.times(platform.elapsedS() / virtual.elapsedS()) + " faster: the pool holds a thread"
                + " through every wait, so it was limited by " + JdbcLimit.of(platform).sentence()
                + "; a virtual thread frees its carrier while it waits.";
        if (server == Server.QUARKUS) {
            sentence += " The seed's 1,000 requests took " + num(SEED_SLOW.worker().elapsedS()) + " s and "
                    + num(SEED_SLOW.virtual().elapsedS()) + " s.";
        }
        return sentence;
    }

    private static String errors(HttpArmResult platform, HttpArmResult virtual) {
        return platform.errors() + virtual.errors() == 0 ? "no errors"
                : platform.errors() + " and " + virtual.errors() + " errors";
    }

    private static Optional<String> lostDatabase(List<ArmResult> arms) {
        List<String> lost = arms.stream().filter(a -> a instanceof HttpArmResult h && h.jdbc() != null
                && h.jdbc().databaseStopped()).map(ArmResult::name).toList();
        return lost.isEmpty() ? Optional.empty() : Optional.of("The database stopped during " + String.join(", ", lost)
                + ": requests after that are counted as errors.");
    }

    private static Optional<HttpArmResult> arm(List<ArmResult> arms, String name) {
        return arms.stream().filter(a -> a instanceof HttpArmResult && a.name().equals(name))
                .map(a -> (HttpArmResult) a).findFirst();
    }

    private static Optional<HttpArmResult> slowArm(List<ArmResult> arms, Server server, boolean virtual) {
        String prefix = server.id + " pool " + SLOW_POOL + " + ";
        String ending = virtual ? ", virtual threads" : ", " + server.poolThreads;
        return arms.stream().filter(a -> a instanceof HttpArmResult && a.name().startsWith(prefix)
                && a.name().endsWith(ending)).map(a -> (HttpArmResult) a).findFirst();
    }

    private static String capitalised(String word) {
        return Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }

    /** The reason arms were skipped (no database, typically), once, for a verdict that has nothing else. */
    private static String skipReason(List<ArmResult> arms) {
        return arms.stream().filter(a -> a instanceof FailedArm).map(a -> ((FailedArm) a).failure()).findFirst()
                .map(reason -> "First failure: " + reason + ". ").orElse("");
    }
}
