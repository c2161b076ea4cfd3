package loomlab.lab.servers;

/**
 * Where a server listens and what it is connected to: the downstream service it calls, if any.
 *
 * @param port              where to listen; 0 picks a free port
 * @param downstreamUrl base URL of the downstream service, or null
 * @param downstreamDelayMs the downstream service's default delay, for the downstream server itself
 */
public record ServerOptions(int port, String downstreamUrl, Integer downstreamDelayMs) {
    public static final ServerOptions NONE = new ServerOptions(0, null, null);
}
