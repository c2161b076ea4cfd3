package loomlab.core.finding;

import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.breakage.Stall;

/**
 * One path of the mix whose tail, at the same offered rate, was more than {@link #WORSE} times worse on
 * one thread model than on the other, with the stalls the watchdog caught on that path in the worse arm.
 *
 * @param rateRps   the rate both arms were offered when the tails were taken
 * @param worseMs   the worse arm's p99.9 on the path, from the intended send time
 * @param betterMs  the other arm's
 */
public record PathTail(String path, double rateRps, ArmKey worse, double worseMs, ArmKey better, double betterMs,
                       List<Stall> stalls) implements AssessFinding {
    public static final double WORSE = 10;

    public PathTail {
        stalls = List.copyOf(stalls);
    }
}
