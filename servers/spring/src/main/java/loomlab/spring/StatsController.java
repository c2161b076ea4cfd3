package loomlab.spring;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
class StatsController {
    static final String PATH = "/stats";

    private final RequestCounter counter;

    StatsController(RequestCounter counter) {
        this.counter = counter;
    }

    @GetMapping(PATH)
    ServerStats stats() {
        return counter.snapshot();
    }
}
