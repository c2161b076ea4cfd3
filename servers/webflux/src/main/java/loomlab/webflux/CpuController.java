package loomlab.webflux;

import java.math.BigInteger;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Seed 001's CPU-bound work, a BigInteger incremented N times, moved off the event loop onto
 * Reactor's parallel scheduler (one thread per core), so the loop keeps serving other requests
 * while the work runs: the reactive way to do work that takes milliseconds.
 */
@RestController
class CpuController {
    static final long MAX_ITERATIONS = 100_000_000;

    @GetMapping("/cpu/{iterations}")
    Mono<ResponseEntity<String>> cpu(@PathVariable long iterations) {
        if (iterations < 0 || iterations > MAX_ITERATIONS) {
            return Mono.just(ResponseEntity.badRequest().body("iterations from 0 to " + MAX_ITERATIONS + ", got "
                    + iterations + "\n"));
        }
        return Mono.fromCallable(() -> countTo(iterations))
                .subscribeOn(Schedulers.parallel())
                .map(sum -> ResponseEntity.ok(sum + "\n"));
    }

    private static BigInteger countTo(long iterations) {
        BigInteger sum = BigInteger.ZERO;
        for (long i = 0; i < iterations; i++) {
            sum = sum.add(BigInteger.ONE);
        }
        return sum;
    }
}
