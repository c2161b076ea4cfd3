package loomlab.spring;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Counts requests answered and the most ever in progress at once; the latter shows a pool's cap
 * directly. {@code /stats} itself is left out so polling does not disturb either figure.
 */
@Component
class RequestCounter extends OncePerRequestFilter {
    private final LongAdder served = new LongAdder();
    private final AtomicInteger inProgress = new AtomicInteger();
    private final AtomicInteger peakInProgress = new AtomicInteger();

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (StatsController.PATH.equals(request.getRequestURI())) {
            chain.doFilter(request, response);
            return;
        }
        peakInProgress.accumulateAndGet(inProgress.incrementAndGet(), Math::max);
        try {
            chain.doFilter(request, response);
        } finally {
            inProgress.decrementAndGet();
            served.increment();
        }
    }

    ServerStats snapshot() {
        return ServerStats.now(served.sum(), inProgress.get(), peakInProgress.get());
    }
}
