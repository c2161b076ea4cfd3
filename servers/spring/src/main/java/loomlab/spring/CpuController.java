package loomlab.spring;

import java.math.BigInteger;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** Seed 001's CPU-bound work on the request's own thread: a BigInteger incremented N times. */
@RestController
class CpuController {
    static final long MAX_ITERATIONS = 100_000_000;

    @GetMapping("/cpu/{iterations}")
    ResponseEntity<String> cpu(@PathVariable long iterations) {
        if (iterations < 0 || iterations > MAX_ITERATIONS) {
            return ResponseEntity.badRequest().body("iterations from 0 to " + MAX_ITERATIONS + ", got " + iterations
                    + "\n");
        }
        BigInteger sum = BigInteger.ZERO;
        for (long i = 0; i < iterations; i++) {
            sum = sum.add(BigInteger.ONE);
        }
        return ResponseEntity.ok(sum + "\n");
    }
}
