package loomlab.load;

/** Failed requests by kind. A status error is still a completed response; the others are not. */
public record ErrorCounts(long connect, long timeout, long status, long protocol) {

    public static final ErrorCounts NONE = new ErrorCounts(0, 0, 0, 0);

    public long total() {
        return connect + timeout + status + protocol;
    }

    /** Failures that produced no response at all (every kind but status). */
    public long withoutResponse() {
        return connect + timeout + protocol;
    }

    public ErrorCounts plus(ErrorCounts other) {
        return new ErrorCounts(connect + other.connect, timeout + other.timeout, status + other.status,
                protocol + other.protocol);
    }
}
