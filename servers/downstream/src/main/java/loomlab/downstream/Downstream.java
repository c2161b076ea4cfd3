package loomlab.downstream;

import java.io.IOException;
import java.net.InetAddress;
import java.util.OptionalLong;
import loomlab.http.HttpRequest;
import loomlab.http.HttpServerCore;
import loomlab.http.Numbers;
import loomlab.http.Response;
import loomlab.http.Router;
import loomlab.http.ServerApp;
import loomlab.http.ServerConfig;
import loomlab.http.ServerStats;
import loomlab.threads.ExecutorMode;

/**
 * The slow service behind loomcat's /downstream: answers after a delay. It runs the same server
 * core on unbounded virtual threads, so a waiting request costs a parked continuation and thousands
 * can wait at once; it must never be the bottleneck of an experiment.
 */
public final class Downstream extends ServerApp {
    public static final long DEFAULT_DELAY_MILLIS = 50;
    public static final long MAX_DELAY_MILLIS = 600_000;

    private Downstream(HttpServerCore server) {
        super(server);
    }

    public static Downstream start(int port, long defaultDelayMillis) throws IOException {
        return start(port, ServerConfig.LOOPBACK, defaultDelayMillis);
    }

    /** On {@code address} (127.0.0.1 unless a test spans network namespaces or hosts). */
    public static Downstream start(int port, InetAddress address, long defaultDelayMillis) throws IOException {
        ExecutorMode mode = ExecutorMode.virtual();
        ServerStats stats = new ServerStats(mode.toString());
        Router router = Router.builder()
                .get("/delay", request -> delayed(request, defaultDelayMillis))
                .get("/stats", stats.handler())
                .get("/", request -> request.path().equals("/")
                        ? answerAfter(defaultDelayMillis)
                        : Response.notFound(request.path()))
                .build();
        return new Downstream(HttpServerCore.start(new ServerConfig("downstream", port, mode, address), router,
                stats));
    }

    /** {@code /delay?ms=N}, or the default delay without {@code ms}. */
    private static Response delayed(HttpRequest request, long defaultDelayMillis) throws InterruptedException {
        String ms = request.queryParam("ms").orElse(null);
        if (ms == null) {
            return answerAfter(defaultDelayMillis);
        }
        OptionalLong millis = Numbers.parseInRange(ms, 0, MAX_DELAY_MILLIS);
        if (millis.isEmpty()) {
            return Response.badRequest("usage: /delay?ms=N, N from 0 to " + MAX_DELAY_MILLIS);
        }
        return answerAfter(millis.getAsLong());
    }

    private static Response answerAfter(long millis) throws InterruptedException {
        Thread.sleep(millis);
        return Response.ok("waited " + millis + " ms\n");
    }
}
