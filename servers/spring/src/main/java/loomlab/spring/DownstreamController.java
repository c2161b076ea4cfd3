package loomlab.spring;

import java.net.http.HttpClient;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestClient;

/**
 * Service one of the service-to-service experiment: each request calls the downstream service's
 * {@code /delay?ms=N} with a blocking client on the request's own thread, so the thread waits
 * exactly as long as the downstream does. Without {@code delay} the downstream's default applies.
 */
@RestController
class DownstreamController {
    private final RestClient downstream;

    DownstreamController(@Value("${loomlab.downstream}") String baseUrl) {
        HttpClient httpClient = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
        this.downstream = RestClient.builder()
                .baseUrl(baseUrl)
                .requestFactory(new JdkClientHttpRequestFactory(httpClient))
                .build();
    }

    @GetMapping("/downstream")
    ResponseEntity<String> callDownstream(@RequestParam(required = false) Long delay) {
        if (delay != null && delay < 0) {
            return ResponseEntity.badRequest().body("delay must not be negative, got " + delay + "\n");
        }
        String answer = downstream.get()
                .uri(uri -> delay == null ? uri.path("/delay").build()
                        : uri.path("/delay").queryParam("ms", delay).build())
                .retrieve()
                .body(String.class);
        return ResponseEntity.ok(answer == null ? "" : answer);
    }
}
