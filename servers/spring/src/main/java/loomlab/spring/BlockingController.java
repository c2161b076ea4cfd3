package loomlab.spring;

import java.time.Duration;
import loomlab.threads.Threads;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** Endpoints whose whole cost is waiting: the request's thread sleeps, then answers. */
@RestController
class BlockingController {

    @GetMapping("/blocking/{seconds}")
    ResponseEntity<String> blockingSeconds(@PathVariable long seconds) throws InterruptedException {
        return sleepThenAnswer(seconds, Duration.ofSeconds(Math.max(0, seconds)));
    }

    @GetMapping("/blocking-ms/{millis}")
    ResponseEntity<String> blockingMillis(@PathVariable long millis) throws InterruptedException {
        return sleepThenAnswer(millis, Duration.ofMillis(Math.max(0, millis)));
    }

    @GetMapping("/hello")
    String hello() {
        return "hello";
    }

    private static ResponseEntity<String> sleepThenAnswer(long requested, Duration wait) throws InterruptedException {
        if (requested < 0) {
            return ResponseEntity.badRequest().body("the wait must not be negative, got " + requested + "\n");
        }
        Thread.sleep(wait);
        return ResponseEntity.ok("slept " + wait.toMillis() + " ms on a " + Threads.of(Thread.currentThread()).id() + " thread\n");
    }
}
