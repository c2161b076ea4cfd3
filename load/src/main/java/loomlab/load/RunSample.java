package loomlab.load;

/**
 * A run as it stood at one moment, seen from another thread: what was answered and what is still
 * outstanding. Counts cover the whole run, warm-up included, since a server can hang in either.
 *
 * @param nanoTime        when the sample was taken ({@code System.nanoTime()})
 * @param answered        whole responses, of any status: the server answered
 * @param failed          requests that timed out, were refused or broke: the server did not answer
 * @param inFlight        requests sent and not yet answered or failed
 * @param oldestSentNanos when the oldest outstanding request was sent; meaningless without one in flight
 * @param oldestPath      that request's target, or null without one in flight
 * @param answeredOk      the answers among {@code answered} whose status was 2xx or 3xx
 * @param sent            requests the generator has written out, whatever their intended time
 * @param oldestConnecting true when the oldest request's connection has not completed its TCP handshake:
 *                        the server has not accepted it (a SYN dropped at a full listen backlog waits for
 *                        its retransmission, 1 s and then 3 s)
 * @param oldestFresh     true when the oldest request's connection has carried no answer yet: still connecting,
 *                        or connected without the server's having answered on it. Linux drops a handshake's
 *                        last ACK at a full accept queue, so {@code connect()} succeeds while the server never
 *                        accepted the connection; only an answer on it says it did
 */
public record RunSample(long nanoTime, long answered, long failed, int inFlight, long oldestSentNanos,
                        String oldestPath, long answeredOk, long sent, boolean oldestConnecting,
                        boolean oldestFresh) {
    /** A sample that tells only whether the oldest request was still connecting: a connecting one is fresh. */
    public RunSample(long nanoTime, long answered, long failed, int inFlight, long oldestSentNanos,
                     String oldestPath, long answeredOk, long sent, boolean oldestConnecting) {
        this(nanoTime, answered, failed, inFlight, oldestSentNanos, oldestPath, answeredOk, sent, oldestConnecting,
                oldestConnecting);
    }

    /** A sample that tells answers apart from successes no more than it counts sends: both are 0. */
    public RunSample(long nanoTime, long answered, long failed, int inFlight, long oldestSentNanos, String oldestPath) {
        this(nanoTime, answered, failed, inFlight, oldestSentNanos, oldestPath, 0, 0, false);
    }

    /** A sample whose oldest request is connected, or of a run that cannot tell. */
    public RunSample(long nanoTime, long answered, long failed, int inFlight, long oldestSentNanos, String oldestPath,
                     long answeredOk, long sent) {
        this(nanoTime, answered, failed, inFlight, oldestSentNanos, oldestPath, answeredOk, sent, false);
    }

    /** Seconds the oldest outstanding request has waited, or 0 with none outstanding. */
    public double oldestAgeSeconds() {
        return inFlight == 0 ? 0 : Math.max(0, nanoTime - oldestSentNanos) / 1e9;
    }
}
