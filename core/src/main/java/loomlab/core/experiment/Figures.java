package loomlab.core.experiment;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.HttpArmResult;

/** Small helpers verdicts share: finding arms and writing numbers the way people read them. */
public final class Figures {
    private Figures() {
    }

    public static Optional<HttpArmResult> httpArm(List<ArmResult> arms, String mode, int users) {
        return arms.stream().filter(a -> a instanceof HttpArmResult).map(a -> (HttpArmResult) a)
                .filter(a -> a.mode().equals(mode) && a.users() == users).findFirst();
    }

    /** The first arm of {@code server} in {@code mode} with {@code users}, for experiments with several servers. */
    public static Optional<HttpArmResult> httpArm(List<ArmResult> arms, String server, String mode, int users) {
        return arms.stream().filter(a -> a instanceof HttpArmResult).map(a -> (HttpArmResult) a)
                .filter(a -> a.server().equals(server) && a.mode().equals(mode) && a.users() == users).findFirst();
    }

    /**
     * What the servers' flight recordings said about pinning: nothing when no arm has a recording,
     * else either that no virtual thread was pinned or which arms pinned how often and how long.
     */
    public static String pinning(List<ArmResult> arms) {
        List<HttpArmResult> recorded = arms.stream().filter(a -> a instanceof HttpArmResult)
                .map(a -> (HttpArmResult) a).filter(a -> a.pinnedEvents() != null).toList();
        if (recorded.isEmpty()) {
            return "";
        }
        List<String> pinned = recorded.stream().filter(a -> a.pinnedEvents() > 0)
                .map(a -> a.name() + " " + a.pinnedEvents() + " (" + num(a.pinnedMs()) + " ms)").toList();
        return pinned.isEmpty()
                ? "JFR recorded no pinned virtual thread in any server (jdk.VirtualThreadPinned, " + recorded.size()
                        + " recordings)."
                : "JFR recorded pinned virtual threads (jdk.VirtualThreadPinned events): " + String.join("; ", pinned)
                        + ".";
    }

    /** A number with at most {@code digits} decimals and no trailing zeros noise for large values. */
    public static String num(double value) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        double abs = Math.abs(value);
        String pattern = abs >= 100 ? "%.0f" : abs >= 10 ? "%.1f" : "%.2f";
        return String.format(Locale.ROOT, pattern, value);
    }

    public static String percent(double fraction) {
        return Double.isNaN(fraction) ? "n/a" : String.format(Locale.ROOT, "%.0f%%", fraction * 100);
    }

    public static String times(double ratio) {
        return Double.isNaN(ratio) || Double.isInfinite(ratio) ? "n/a" : String.format(Locale.ROOT, "%.1fx", ratio);
    }

    /**
     * Who won, judged from the figures: the first name when its figure is better by more than 10 %,
     * the second when the second's is, otherwise nobody clearly.
     */
    public static String leader(String first, double firstValue, String second, double secondValue,
                                boolean higherIsBetter) {
        double ratio = higherIsBetter ? firstValue / secondValue : secondValue / firstValue;
        if (ratio > 1.1) {
            return first + " won";
        }
        if (ratio < 1 / 1.1) {
            return second + " won";
        }
        return "Neither model clearly won";
    }

    /** {@link #leader} in the middle of a sentence. */
    public static String leaderMidSentence(String first, double firstValue, String second, double secondValue,
                                           boolean higherIsBetter) {
        String leader = leader(first, firstValue, second, secondValue, higherIsBetter);
        return Character.toLowerCase(leader.charAt(0)) + leader.substring(1);
    }

    /** Names the arms that did not run, for a verdict that cannot judge without them. */
    public static String missing(List<ArmResult> arms) {
        List<String> names = arms.stream().filter(a -> !a.ran()).map(ArmResult::name).toList();
        return names.isEmpty() ? "" : "Not measured: " + String.join("; ", names) + ".";
    }
}
