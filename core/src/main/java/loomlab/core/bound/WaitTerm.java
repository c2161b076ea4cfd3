package loomlab.core.bound;


/**
 * The Little's-law part of a bound: C requests in flight that each take at least W allow at most
 * C / W per second, with C the smaller of the users (slowed by their pauses) and the server's limit.
 *
 * @param users       concurrent users
 * @param serverLimit requests the server can hold in progress, or null when unbounded
 * @param waitS       W: the least time one request takes
 * @param source      where W comes from
 * @param pause       each user's pause between requests
 * @param rps         the highest rate these inputs allow
 * @param elapsedS    for an arm that counts requests, the shortest time they can take; else null
 */
public record WaitTerm(int users, Integer serverLimit, double waitS, Source source, Pause pause, double rps,
                       Double elapsedS) {
    public enum Source {
        /** The wait the endpoint adds of its own: a sleep, a downstream service's delay. */
        ENDPOINT_WAIT,
        /** The least of a few requests sent one at a time to the unloaded server after its warm-up. */
        UNLOADED_LATENCY
    }

    public static WaitTerm of(int users, int serverLimit, double waitS, Source source, Pause pause,
                              long countedRequests) {
        double rps = LittlesLaw.throughputBound(users, serverLimit, waitS, pause);
        Double elapsed = countedRequests > 0
                ? LittlesLaw.elapsedBound(countedRequests, users, serverLimit, waitS, pause) : null;
        return new WaitTerm(users, serverLimit == Integer.MAX_VALUE ? null : serverLimit, waitS, source, pause, rps,
                elapsed);
    }

    /** Requests that can be in progress at once under these inputs. */
    public int concurrency() {
        return serverLimit == null ? users : Math.min(users, serverLimit);
    }
}
