package loomlab.webflux;

import java.util.Arrays;
import loomlab.http.StatsShape;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.netty.resources.LoopResources;

/**
 * {@code /stats} in the lab's one shape, and {@code /mode}: the thread model, which {@code /stats}
 * cannot carry because the lab reads only its fixed keys.
 */
@RestController
class StatsController {
    static final String STATS = "/stats";
    static final String MODE = "/mode";
    /** Reactor Netty names its shared event-loop threads so, whatever the transport (epoll, nio, io_uring). */
    static final String EVENT_LOOP_PREFIX = "reactor-http-";

    private final RequestCounter counter;

    StatsController(RequestCounter counter) {
        this.counter = counter;
    }

    @GetMapping(STATS)
    Mono<StatsShape.Figures> stats() {
        return Mono.fromSupplier(counter::snapshot);
    }

    /**
     * @param mode             always {@value WebfluxServerMain#MODE}
     * @param eventLoopThreads the size of the event loop the server and its WebClient share (Reactor
     *                         Netty's {@code reactor.netty.ioWorkerCount}, by default the cores but at least 4)
     * @param eventLoopStarted how many of them have started so far (Netty starts each on first use)
     */
    record Mode(String mode, int eventLoopThreads, long eventLoopStarted) {
    }

    @GetMapping(MODE)
    Mono<Mode> mode() {
        return Mono.fromSupplier(() -> new Mode(WebfluxServerMain.MODE, LoopResources.DEFAULT_IO_WORKER_COUNT,
                liveEventLoopThreads()));
    }

    private static long liveEventLoopThreads() {
        Thread[] threads = new Thread[Thread.activeCount() * 2 + 16];
        int count = Thread.enumerate(threads);
        return Arrays.stream(threads, 0, count).filter(t -> t.getName().startsWith(EVENT_LOOP_PREFIX)).count();
    }
}
