package loomlab.webflux;

import io.netty.channel.ChannelOption;
import java.time.Duration;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * Service one of the service-to-service experiment: each request calls the downstream service's
 * {@code /delay?ms=N} with a non-blocking {@link WebClient}, so no thread waits while the downstream
 * does. Without {@code delay} the downstream's default applies.
 */
@RestController
class DownstreamController implements DisposableBean {
    /**
     * Reactor Netty's default pool (16 connections on a small machine, 32 waiting, then errors) would
     * cap the experiment; the Spring MVC server's JDK client keeps as many connections as there are
     * calls, so this pool does too. Idle connections go after the JDK client's 30 s keep-alive.
     */
    private final ConnectionProvider connections = ConnectionProvider.builder("downstream")
            .maxConnections(Integer.MAX_VALUE)
            .pendingAcquireMaxCount(-1)
            .maxIdleTime(Duration.ofSeconds(30))
            .build();
    private final WebClient downstream;

    DownstreamController(@Value("${loomlab.downstream}") String baseUrl) {
        HttpClient httpClient = HttpClient.create(connections)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Duration.ofSeconds(5).toMillis());
        this.downstream = WebClient.builder()
                .baseUrl(baseUrl)
                .clientConnector(new ReactorClientHttpConnector(httpClient))
                .build();
    }

    @GetMapping("/downstream")
    Mono<ResponseEntity<String>> callDownstream(@RequestParam(required = false) Long delay) {
        if (delay != null && delay < 0) {
            return Mono.just(ResponseEntity.badRequest().body("delay must not be negative, got " + delay + "\n"));
        }
        return downstream.get()
                .uri(uri -> delay == null ? uri.path("/delay").build()
                        : uri.path("/delay").queryParam("ms", delay).build())
                .retrieve()
                .bodyToMono(String.class)
                .defaultIfEmpty("")
                .map(ResponseEntity::ok);
    }

    @Override
    public void destroy() {
        connections.dispose();
    }
}
