package loomlab.core.arm;

/**
 * How many parked threads of one kind a JVM held, what stopped it ("cap", "error" or "time"),
 * and the resident memory each added (null where /proc is not available).
 */
public record ThreadLimitArmResult(String name, String mode, int cap, int threadsStarted, String stoppedBy,
                                   String error, double elapsedS, Double rssBeforeMb, Double rssAfterMb,
                                   Double rssPerThreadKb) implements ArmResult {
}
