package loomlab.loomcat;

import java.io.IOException;
import java.math.BigInteger;
import java.net.URI;
import java.sql.SQLException;
import java.util.Optional;
import java.util.OptionalLong;
import loomlab.http.BlockingHttpClient;
import loomlab.http.HttpRequest;
import loomlab.http.Numbers;
import loomlab.http.Response;
import loomlab.http.Router;
import loomlab.http.ServerStats;

/**
 * Loomcat's endpoints: the work each experiment puts on a request thread. Blocking happens on that
 * thread on purpose (sleep, a downstream call), so the executor mode decides what it costs.
 */
final class Endpoints {
    static final long MAX_BLOCKING_MILLIS = 600_000;
    static final long MAX_CPU_ITERATIONS = 1_000_000_000;
    static final Response HELLO = Response.ok("Hello from loomcat\n");

    private final BlockingHttpClient client;
    private final Optional<URI> downstream;
    private final Optional<BlogDatabase> database;
    private final ServerStats stats;

    private Endpoints(BlockingHttpClient client, Optional<URI> downstream, Optional<BlogDatabase> database,
                      ServerStats stats) {
        this.client = client;
        this.downstream = downstream.map(Endpoints::withoutTrailingSlash);
        this.database = database;
        this.stats = stats;
    }

    static Router router(ServerStats stats, BlockingHttpClient client, Optional<URI> downstream) {
        return router(stats, client, downstream, Optional.empty());
    }

    static Router router(ServerStats stats, BlockingHttpClient client, Optional<URI> downstream,
                         Optional<BlogDatabase> database) {
        Endpoints endpoints = new Endpoints(client, downstream, database, stats);
        LockEndpoints locks = new LockEndpoints();
        return Router.builder()
                .get("/hello", request -> HELLO)
                .get("/blocking/", endpoints::blocking)
                .get("/pin/", endpoints::pin)
                .get("/sync/", locks::sync)
                .get("/lock/", locks::lock)
                .get("/deadlock/", locks::deadlock)
                .get("/downstream", endpoints::downstream)
                .get("/cpu/", endpoints::cpu)
                .get("/db", endpoints::db)
                .get("/stats", endpoints::stats)
                .build();
    }

    /** The server's counters, and with a database the pool's wait for a connection. */
    private Response stats(HttpRequest request) {
        return Response.json(stats.snapshot().toJson(database.map(BlogDatabase::connectionWaitJson).orElse("null")));
    }

    /**
     * {@code /pin/{millis}}: blocks the request's thread that long inside a class initializer, which
     * pins a virtual thread to its carrier (see {@link Pinning}).
     */
    private Response pin(HttpRequest request) throws IllegalAccessException {
        OptionalLong millis = Numbers.parseInRange(lastSegment(request, "/pin/"), 0, MAX_BLOCKING_MILLIS);
        if (millis.isEmpty()) {
            return Response.badRequest("usage: /pin/{millis}, millis from 0 to " + MAX_BLOCKING_MILLIS);
        }
        Pinning.blockInClassInitializer(millis.getAsLong());
        return Response.ok("pinned " + millis.getAsLong() + " ms\n");
    }

    /**
     * {@code /db[?sleepMs=N]}: seed 004's request without a framework: every row of {@code blogposts}
     * through blocking JDBC as about 1.2 MiB of JSON, then the optional wait of its long-running variant.
     */
    private Response db(HttpRequest request) throws InterruptedException {
        if (database.isEmpty()) {
            return Response.text(503, "no database configured: start loomcat with --db-url URL --db-user USER\n");
        }
        Optional<String> sleep = request.queryParam("sleepMs");
        OptionalLong sleepMs = sleep.isEmpty() ? OptionalLong.of(0)
                : Numbers.parseInRange(sleep.get(), 0, MAX_BLOCKING_MILLIS);
        if (sleepMs.isEmpty()) {
            return Response.badRequest("usage: /db?sleepMs=MILLIS, millis from 0 to " + MAX_BLOCKING_MILLIS);
        }
        byte[] posts;
        try {
            posts = database.get().allPostsJson();
        } catch (SQLException e) {
            return Response.text(500, "database failed: " + e.getMessage() + "\n");
        }
        Thread.sleep(sleepMs.getAsLong());
        return new Response(200, Response.JSON, posts);
    }

    /** {@code /blocking/{millis}}: holds the request's thread in Thread.sleep. */
    private Response blocking(HttpRequest request) throws InterruptedException {
        OptionalLong millis = Numbers.parseInRange(lastSegment(request, "/blocking/"), 0, MAX_BLOCKING_MILLIS);
        if (millis.isEmpty()) {
            return Response.badRequest("usage: /blocking/{millis}, millis from 0 to " + MAX_BLOCKING_MILLIS);
        }
        Thread.sleep(millis.getAsLong());
        return Response.ok("slept " + millis.getAsLong() + " ms\n");
    }

    /** {@code /cpu/{iterations}}: seed 001's work, adding 1 to a BigInteger that many times. */
    private Response cpu(HttpRequest request) {
        OptionalLong iterations = Numbers.parseInRange(lastSegment(request, "/cpu/"), 0, MAX_CPU_ITERATIONS);
        if (iterations.isEmpty()) {
            return Response.badRequest("usage: /cpu/{iterations}, iterations from 0 to " + MAX_CPU_ITERATIONS);
        }
        return Response.ok(countTo(iterations.getAsLong()) + "\n");
    }

    static BigInteger countTo(long iterations) {
        BigInteger sum = BigInteger.ZERO;
        for (long i = 0; i < iterations; i++) {
            sum = sum.add(BigInteger.ONE);
        }
        return sum;
    }

    /** {@code /downstream?delay=MILLIS}: a blocking call to the downstream service on this request's thread. */
    private Response downstream(HttpRequest request) {
        if (downstream.isEmpty()) {
            return Response.text(502, "no downstream configured: start loomcat with --downstream URL\n");
        }
        Optional<String> delay = request.queryParam("delay");
        if (delay.isPresent() && Numbers.parseInRange(delay.get(), 0, MAX_BLOCKING_MILLIS).isEmpty()) {
            return Response.badRequest("usage: /downstream?delay=MILLIS, millis from 0 to " + MAX_BLOCKING_MILLIS);
        }
        URI target = URI.create(downstream.get() + (delay.isPresent() ? "/delay?ms=" + delay.get() : "/delay"));
        try {
            BlockingHttpClient.Result result = client.get(target);
            if (result.status() != 200) {
                return Response.text(502, "downstream answered " + result.status() + "\n");
            }
            return new Response(200, Response.TEXT, result.body());
        } catch (IOException e) {
            return Response.text(502, "downstream failed: " + e.getMessage() + "\n");
        }
    }

    private static String lastSegment(HttpRequest request, String prefix) {
        return request.path().substring(prefix.length());
    }

    private static URI withoutTrailingSlash(URI base) {
        String text = base.toString();
        return text.endsWith("/") ? URI.create(text.substring(0, text.length() - 1)) : base;
    }
}
