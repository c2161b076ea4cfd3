package loomlab.webflux;

import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/** Prints the one line the lab waits for, with the port Netty really bound (port 0 picks one). */
@Component
class ReadinessAnnouncer {

    @EventListener(ApplicationReadyEvent.class)
    void announce(ApplicationReadyEvent event) {
        var environment = event.getApplicationContext().getEnvironment();
        String address = environment.getProperty("server.address", "127.0.0.1");
        String port = environment.getProperty("local.server.port");
        System.out.println("listening on http://" + address + ":" + port);
        System.out.flush();
    }
}
