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
import loomlab.threads.ExecutorMode;

/**
 * Seed 004's shape: Quarkus reads every row of a PostgreSQL table (about 1.2 MiB of JSON) through
 * blocking JDBC, on its worker pool or on a virtual thread per request, at pool limits of 10, 100
 * and 300; then, at a pool of 10, with a wait added to every request after its query. The seed ran
 * 1,000 requests per arm with siege on 10 cores; the lab runs fewer (the quick profile fewer still).
 */
public final class JdbcExperiment implements Experiment {
    static final String SERVER = "quarkus";
    static final int SEED_MIN_CONNECTIONS = 60;
    static final int SEED_MAX_CONNECTIONS = 90;
    static final int SLOW_POOL = 10;

    /** The seed's transactions per second: {worker, virtual} for each pool limit. */
    private record SeedRates(int pool, double worker, double virtual) {
    }

    private static final List<SeedRates> SEED = List.of(
            new SeedRates(10, 91.41, 80.78), new SeedRates(100, 95.24, 83.19), new SeedRates(300, 97.75, 82.85));
    private static final SeedRates SEED_SLOW = new SeedRates(SLOW_POOL, 4.68, 74.96);

    @Override
    public String name() {
        return "jdbc";
    }

    @Override
    public String summary() {
        return "seed 004: Quarkus serving ~1.2 MiB of PostgreSQL rows per request via blocking JDBC, worker pool"
                + " vs @RunOnVirtualThread at pools of 10/100/300, then pool 10 with a wait per request";
    }

    @Override
    public List<ArmPlan> plan(Profile profile) {
        int users = profile.pick(20, 100);
        long requests = profile.pick(200L, 1000L);
        Duration warmup = Duration.ofSeconds(profile.pick(2, 5));
        List<ArmPlan> arms = new ArrayList<>();
        for (SeedRates seed : profile.pick(SEED.subList(0, 1), SEED)) {
            arms.add(arm(seed.pool(), false, 0, users, requests, warmup, seed));
            arms.add(arm(seed.pool(), true, 0, users, requests, warmup, seed));
        }
        long waitMs = profile.pick(1000L, 2000L);
        int slowUsers = profile.pick(20, 100);
        long slowRequests = profile.pick(40L, 200L);
        arms.add(arm(SLOW_POOL, false, waitMs, slowUsers, slowRequests, warmup, SEED_SLOW));
        arms.add(arm(SLOW_POOL, true, waitMs, slowUsers, slowRequests, warmup, SEED_SLOW));
        return List.copyOf(arms);
    }

    static String armName(int pool, boolean virtual, long waitMs) {
        return "pool " + pool + (waitMs > 0 ? " + " + num(waitMs / 1000.0) + " s wait" : "")
                + (virtual ? ", virtual threads" : ", worker threads");
    }

    private static JdbcArmPlan arm(int pool, boolean virtual, long waitMs, int users, long requests, Duration warmup,
                                   SeedRates seed) {
        String kind = virtual ? "loom" : "blocking";
        String fastPath = "/sandbox/" + kind + "/jdbc";
        String path = waitMs > 0 ? fastPath + "-slow?sleepMs=" + waitMs : fastPath;
        ExecutorMode mode = virtual ? ExecutorMode.virtual() : ExecutorMode.platform(pool);
        double service = waitMs > 0 ? waitMs / 1000.0 : JdbcArmPlan.NOMINAL_SERVICE_SECONDS;
        String seedNote = "seed 004, siege 1,000 requests on 10 cores, pool " + seed.pool()
                + (waitMs > 0 ? ", 2 s sleep per request" : "")
                + (waitMs > 0 && waitMs != 2000 ? " (this profile waits " + num(waitMs / 1000.0) + " s)" : "");
        HttpArmPlan http = new HttpArmPlan(armName(pool, virtual, waitMs), SERVER, mode, path, null, users, requests,
                null, warmup, fastPath, service,
                new Published(virtual ? seed.virtual() : seed.worker(), "req/s", seedNote));
        return new JdbcArmPlan(http, pool, SEED_MIN_CONNECTIONS, SEED_MAX_CONNECTIONS);
    }

    @Override
    public String verdict(List<ArmResult> arms) {
        List<String> sentences = new ArrayList<>();
        for (SeedRates seed : SEED) {
            Optional<HttpArmResult> worker = arm(arms, armName(seed.pool(), false, 0));
            Optional<HttpArmResult> virtual = arm(arms, armName(seed.pool(), true, 0));
            if (worker.isPresent() && virtual.isPresent()) {
                sentences.add(poolSentence(seed, worker.get(), virtual.get()));
            }
        }
        Optional<HttpArmResult> slowWorker = arms.stream().flatMap(a -> slowArm(a, false).stream()).findFirst();
        Optional<HttpArmResult> slowVirtual = arms.stream().flatMap(a -> slowArm(a, true).stream()).findFirst();
        if (slowWorker.isPresent() && slowVirtual.isPresent()) {
            sentences.add(slowSentence(slowWorker.get(), slowVirtual.get()));
        }
        if (sentences.isEmpty()) {
            return "No verdict: no pair of arms ran. " + skipReason(arms) + Figures.missing(arms);
        }
        sentences.add("Arms without a wait take their unloaded latency as the service time of their bound, which"
                + " no thread model reaches once the database and the JSON encoding keep the cores busy; the wait"
                + " arms' bounds count the wait alone.");
        String missing = Figures.missing(arms);
        return String.join(" ", sentences) + (missing.isEmpty() ? "" : " " + missing);
    }

    private static String poolSentence(SeedRates seed, HttpArmResult worker, HttpArmResult virtual) {
        return "Pool " + seed.pool() + ": " + Figures.leader("Virtual threads", virtual.throughputRps(),
                "The worker pool", worker.throughputRps(), true)
                + " with " + num(virtual.throughputRps()) + " against " + num(worker.throughputRps())
                + " req/s (" + errors(worker, virtual) + "); the seed measured " + num(seed.virtual()) + " against "
                + num(seed.worker()) + " trans/s, the worker pool ahead by "
                + Figures.percent(seed.worker() / seed.virtual() - 1) + ".";
    }

    private static String slowSentence(HttpArmResult worker, HttpArmResult virtual) {
        return "With a wait after every query, " + worker.requests() + " requests by " + worker.users()
                + " users took " + num(worker.elapsedS()) + " s on a pool of " + SLOW_POOL + " (bound "
                + num(worker.boundElapsedS()) + " s) and " + num(virtual.elapsedS()) + " s on virtual threads (bound "
                + num(virtual.boundElapsedS()) + " s), " + Figures.times(worker.elapsedS() / virtual.elapsedS())
                + " faster: the pool holds a thread through every wait, a virtual thread does not. The seed's"
                + " 1,000 requests took " + num(213.81) + " s and " + num(13.34) + " s.";
    }

    private static String errors(HttpArmResult worker, HttpArmResult virtual) {
        return worker.errors() + virtual.errors() == 0 ? "no errors"
                : worker.errors() + " and " + virtual.errors() + " errors";
    }

    private static Optional<HttpArmResult> arm(List<ArmResult> arms, String name) {
        return arms.stream().filter(a -> a instanceof HttpArmResult && a.name().equals(name))
                .map(a -> (HttpArmResult) a).findFirst();
    }

    private static Optional<HttpArmResult> slowArm(ArmResult arm, boolean virtual) {
        return arm instanceof HttpArmResult http && http.name().startsWith("pool " + SLOW_POOL + " + ")
                && http.name().endsWith(virtual ? ", virtual threads" : ", worker threads")
                ? Optional.of(http) : Optional.empty();
    }

    /** The reason arms were skipped (no database, typically), once, for a verdict that has nothing else. */
    private static String skipReason(List<ArmResult> arms) {
        return arms.stream().filter(a -> a instanceof FailedArm).map(a -> ((FailedArm) a).failure()).findFirst()
                .map(reason -> "First failure: " + reason + ". ").orElse("");
    }
}
