package loomlab.lab.servers;

import java.net.URI;
import loomlab.core.arm.ServingModel;

/**
 * {@code loomlab serve} as its options asked: what {@link ServeUseCase#serve} starts.
 *
 * @param server     the server's name, as the registry spells it
 * @param model      how it runs requests, or null for the server's own default
 * @param port       on 127.0.0.1; 0 picks a free one
 * @param downstream the downstream service's base URL for {@code /downstream}, or null
 * @param delayMs    the downstream service's default delay, or null
 */
public record ServeRequest(String server, ServingModel model, int port, URI downstream, Integer delayMs) {
}
