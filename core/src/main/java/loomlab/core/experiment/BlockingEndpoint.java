package loomlab.core.experiment;

import static loomlab.core.experiment.Figures.httpArm;
import static loomlab.core.experiment.Figures.num;
import static loomlab.core.experiment.Figures.percent;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.Published;
import loomlab.threads.ExecutorMode;

/**
 * Seed 002's shape: an endpoint that sleeps 3 s behind a pool of 10 platform threads or virtual
 * threads, 60 requests by 20 users (the seed's {@code ab -n 60 -c 20}), then 600 by 200 users; on
 * loomcat, and on the seed's own server, Spring Boot on Tomcat ({@code server.tomcat.threads.max=N}
 * against {@code spring.threads.virtual.enabled}). The quick profile sleeps 1 s instead; the
 * bounds scale with it.
 */
public final class BlockingEndpoint implements Experiment {
    static final ExecutorMode POOL_OF_10 = ExecutorMode.platform(10);
    static final ExecutorMode POOL_OF_200 = ExecutorMode.platform(200);
    static final ExecutorMode VIRTUAL = ExecutorMode.virtual();

    /** A server under test and its endpoint that sleeps a number of milliseconds. */
    record Server(String name, String label, String sleepPath) {
        String path(long millis) {
            return sleepPath + millis;
        }
    }

    static final Server LOOMCAT = new Server("loomcat", "loomcat", "/blocking/");
    /** Spring's {@code /blocking/N} takes seconds, as in the seed; the lab's arms need milliseconds. */
    static final Server SPRING = new Server("spring", "Spring Boot on Tomcat", "/blocking-ms/");
    static final List<Server> SERVERS = List.of(LOOMCAT, SPRING);

    @Override
    public String name() {
        return "blocking-endpoint";
    }

    @Override
    public String summary() {
        return "seed 002: a 3 s blocking endpoint on loomcat and on Spring Boot (Tomcat), 60 requests by 20 users,"
                + " platform:10 vs virtual; 600 by 200 users";
    }

    @Override
    public List<ArmPlan> plan(Profile profile) {
        long sleepMs = profile.pick(1000L, 3000L);
        List<ArmPlan> arms = new ArrayList<>();
        for (Server server : SERVERS) {
            arms.addAll(arms(server, sleepMs));
        }
        return List.copyOf(arms);
    }

    private static List<HttpArmPlan> arms(Server server, long sleepMs) {
        double service = sleepMs / 1000.0;
        String path = server.path(sleepMs);
        Duration warmup = Duration.ofSeconds(1);
        String warmupPath = server.path(1);
        String note = sleepMs == 3000 ? "" : " (the seed slept 3 s; this profile sleeps " + num(service) + " s)";
        return List.of(
                arm(server, POOL_OF_10, 20, 60, path, warmupPath, service)
                        .withPublished(new Published(21.213, "s", "seed 002, Tomcat threads.max=10, ab -n 60 -c 20"
                                + note)),
                arm(server, VIRTUAL, 20, 60, path, warmupPath, service)
                        .withPublished(new Published(12.210, "s", "seed 002, virtual threads, ab -n 60 -c 20" + note)),
                arm(server, POOL_OF_200, 200, 600, path, warmupPath, service)
                        .withPublished(new Published(542, "of 600 done", "seed 002, 200 threads, ab -n 600 -c 200:"
                                + " ab timed out after 542")),
                arm(server, VIRTUAL, 200, 600, path, warmupPath, service));
    }

    private static HttpArmPlan arm(Server server, ExecutorMode mode, int users, long requests, String path,
                                   String warmupPath, double service) {
        HttpArmPlan plan = HttpArmPlan.forRequests(server.name(), mode, path, users, requests, Duration.ofSeconds(1),
                warmupPath, service);
        return plan.withName(server.name() + " " + plan.name());
    }

    @Override
    public String verdict(List<ArmResult> arms) {
        List<String> sentences = new ArrayList<>();
        for (Server server : SERVERS) {
            Optional<HttpArmResult> pool = httpArm(arms, server.name(), POOL_OF_10.toString(), 20);
            Optional<HttpArmResult> virtual = httpArm(arms, server.name(), VIRTUAL.toString(), 20);
            if (pool.isPresent() && virtual.isPresent()) {
                sentences.add(twentyUsers(server, pool.get(), virtual.get()));
            }
        }
        if (sentences.isEmpty()) {
            return "No verdict: no server ran both 20-user arms. " + Figures.missing(arms);
        }
        sentences.add("The seed's 12.2 s and 21.2 s each sit about one service time above their bounds:"
                + " ab sends its first request alone and waits for it before opening the other connections, which"
                + " the lab's generator does not, so that part of the gap is the load tool, not the thread model.");
        measuredByAb(arms).ifPresent(sentences::add);
        List<String> large = new ArrayList<>();
        for (Server server : SERVERS) {
            httpArm(arms, server.name(), POOL_OF_200.toString(), 200).ifPresent(pool -> large.add(
                    twoHundredUsers(server, pool, httpArm(arms, server.name(), VIRTUAL.toString(), 200))));
        }
        if (!large.isEmpty()) {
            sentences.add("With 200 users " + String.join("; ", large) + ": when the pool is as large as the"
                    + " concurrency, the thread model stops mattering, and what is left between a server and its"
                    + " bound is its own cost per request; the seed's run stopped at 542 of 600 when ab gave up.");
        }
        String pinning = Figures.pinning(arms);
        String missing = Figures.missing(arms);
        return String.join(" ", sentences) + (pinning.isEmpty() ? "" : " " + pinning)
                + (missing.isEmpty() ? "" : " " + missing);
    }

    /** When ab itself measured the 20-user arms, how far above their bounds it put them. */
    private static Optional<String> measuredByAb(List<ArmResult> arms) {
        List<String> gaps = new ArrayList<>();
        for (Server server : SERVERS) {
            for (ExecutorMode mode : List.of(VIRTUAL, POOL_OF_10)) {
                httpArm(arms, server.name(), mode.toString(), 20).filter(arm -> "ab".equals(arm.engine()))
                        .ifPresent(arm -> gaps.add(arm.name() + " " + num(arm.elapsedS()) + " s against "
                                + num(arm.boundElapsedS()) + " s"));
            }
        }
        return gaps.isEmpty() ? Optional.empty() : Optional.of("Measured by ab here, the same gap shows: "
                + String.join(", ", gaps) + ".");
    }

    private static String twentyUsers(Server server, HttpArmResult pool, HttpArmResult virtual) {
        return "On " + server.label() + ", " + Figures.leaderMidSentence("virtual threads", virtual.elapsedS(),
                "the pool of 10", pool.elapsedS(), false)
                + ": 60 requests by 20 users took " + num(virtual.elapsedS()) + " s (bound "
                + num(virtual.boundElapsedS()) + " s) against " + num(pool.elapsedS()) + " s for a pool of 10 (bound "
                + num(pool.boundElapsedS()) + " s); the pool serves 10 requests at a time, so it needs "
                + Figures.times(pool.boundElapsedS() / virtual.boundElapsedS()) + " the waves.";
    }

    private static String twoHundredUsers(Server server, HttpArmResult pool, Optional<HttpArmResult> virtual) {
        return server.label() + "'s pool of 200 finished 600 requests in " + num(pool.elapsedS()) + " s ("
                + percent(pool.efficiency()) + " of its " + num(pool.boundElapsedS()) + " s bound, "
                + pool.requests() + " answered, " + pool.errors() + " errors)"
                + virtual.map(v -> " and virtual threads in " + num(v.elapsedS()) + " s (" + percent(v.efficiency())
                + ")").orElse("");
    }
}
