package loomlab.webflux;

import java.time.Duration;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The Spring MVC server's "blocking" endpoints, written reactively: the wait is a {@link Mono#delay}
 * timer, so no thread is held while it runs and the event loop goes on serving other requests.
 */
@RestController
class BlockingController {

    @GetMapping("/blocking/{seconds}")
    Mono<ResponseEntity<String>> blockingSeconds(@PathVariable long seconds) {
        return waitThenAnswer(seconds, Duration.ofSeconds(Math.max(0, seconds)));
    }

    @GetMapping("/blocking-ms/{millis}")
    Mono<ResponseEntity<String>> blockingMillis(@PathVariable long millis) {
        return waitThenAnswer(millis, Duration.ofMillis(Math.max(0, millis)));
    }

    @GetMapping("/hello")
    Mono<String> hello() {
        return Mono.just("hello");
    }

    private static Mono<ResponseEntity<String>> waitThenAnswer(long requested, Duration wait) {
        if (requested < 0) {
            return Mono.just(ResponseEntity.badRequest().body("the wait must not be negative, got " + requested + "\n"));
        }
        return Mono.delay(wait)
                .map(tick -> ResponseEntity.ok("slept " + wait.toMillis() + " ms on a timer, holding no thread\n"));
    }
}
