package loomlab.core.arm;

/** Failed requests by what went wrong. */
public record ErrorCounts(long connect, long timeout, long status, long protocol) {
    public static final ErrorCounts NONE = new ErrorCounts(0, 0, 0, 0);

    public long total() {
        return connect + timeout + status + protocol;
    }
}
