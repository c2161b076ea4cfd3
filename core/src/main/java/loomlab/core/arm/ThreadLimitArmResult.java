package loomlab.core.arm;

/**
 * How many parked threads of one kind a JVM held, what stopped it ("cap", "error" or "time"),
 * and the resident memory each added (null where /proc is not available), read once every
 * started thread had parked.
 *
 * @param parked threads seen parked before the memory was read, null when the program did not count
 */
public record ThreadLimitArmResult(ArmKey key, int cap, int threadsStarted, String stoppedBy,
                                   String error, double elapsedS, Double rssBeforeMb, Double rssAfterMb,
                                   Double rssPerThreadKb, Integer parked) implements PlainArmResult {
    public static final String STOPPED_BY_CAP = "cap";
    public static final String STOPPED_BY_TIME = "time";
    public static final String STOPPED_BY_ERROR = "error";

}
