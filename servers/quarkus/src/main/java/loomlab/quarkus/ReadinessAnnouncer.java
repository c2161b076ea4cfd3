package loomlab.quarkus;

import io.quarkus.vertx.http.HttpServerStart;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.ObservesAsync;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Prints the one line the lab waits for once the HTTP server really listens (Quarkus fires its
 * startup event before that, and this one asynchronously), with the bound port even when port 0
 * asked for any free one.
 */
@ApplicationScoped
class ReadinessAnnouncer {

    void announce(@ObservesAsync HttpServerStart started) {
        int port = started.options().getPort();
        if (port <= 0) {
            // Quarkus writes the port it was given back into its configuration.
            port = ConfigProvider.getConfig().getValue("quarkus.http.port", Integer.class);
        }
        System.out.println("listening on http://" + started.options().getHost() + ":" + port);
        System.out.flush();
    }
}
