package loomlab.load;

/**
 * One event loop's counts as a watchdog on another thread reads them. The loop alone writes, a few
 * times a second at most per field group; readers may see one publication's fields mixed with the
 * next one's, which a sample taken to spot seconds-long silences can afford.
 */
final class LoopGauge {
    private volatile long answered;
    private volatile long answeredOk;
    private volatile long sent;
    private volatile long failed;
    private volatile int inFlight;
    private volatile long oldestSentNanos;
    private volatile int oldestTarget = -1;
    private volatile boolean oldestConnecting;
    private volatile boolean oldestFresh;

    void publish(long answered, long answeredOk, long sent, long failed, int inFlight, long oldestSentNanos,
                 int oldestTarget, boolean oldestConnecting, boolean oldestFresh) {
        this.oldestConnecting = oldestConnecting;
        this.oldestFresh = oldestFresh;
        this.answered = answered;
        this.answeredOk = answeredOk;
        this.sent = sent;
        this.failed = failed;
        this.inFlight = inFlight;
        this.oldestSentNanos = oldestSentNanos;
        this.oldestTarget = oldestTarget;
    }

    long answered() {
        return answered;
    }

    long answeredOk() {
        return answeredOk;
    }

    long sent() {
        return sent;
    }

    long failed() {
        return failed;
    }

    int inFlight() {
        return inFlight;
    }

    long oldestSentNanos() {
        return oldestSentNanos;
    }

    int oldestTarget() {
        return oldestTarget;
    }

    /** Whether the oldest request's connection was still in its TCP handshake. */
    boolean oldestConnecting() {
        return oldestConnecting;
    }

    /** Whether the oldest request's connection had carried no answer yet ({@link Connection#freshChannel}). */
    boolean oldestFresh() {
        return oldestFresh;
    }
}
