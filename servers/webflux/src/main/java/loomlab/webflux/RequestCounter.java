package loomlab.webflux;

import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import loomlab.http.StatsShape;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Counts requests answered and the most ever in progress at once, as the Spring MVC server's filter
 * does. {@code /stats} and {@code /mode} themselves are left out so polling does not disturb either
 * figure. A request is in progress from the filter until its exchange completes or is cancelled.
 */
@Component
class RequestCounter implements WebFilter {
    private static final Set<String> UNCOUNTED = Set.of(StatsController.STATS, StatsController.MODE);

    private final LongAdder served = new LongAdder();
    private final AtomicInteger inProgress = new AtomicInteger();
    private final AtomicInteger peakInProgress = new AtomicInteger();

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (UNCOUNTED.contains(exchange.getRequest().getPath().value())) {
            return chain.filter(exchange);
        }
        return Mono.defer(() -> {
            peakInProgress.accumulateAndGet(inProgress.incrementAndGet(), Math::max);
            return chain.filter(exchange).doFinally(signal -> {
                inProgress.decrementAndGet();
                served.increment();
            });
        });
    }

    /** In the lab's one /stats shape; this server has no JDBC pool. */
    StatsShape.Figures snapshot() {
        return StatsShape.Figures.now(served.sum(), inProgress.get(), peakInProgress.get());
    }
}
