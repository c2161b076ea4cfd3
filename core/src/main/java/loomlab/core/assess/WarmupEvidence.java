package loomlab.core.assess;

import java.util.List;
import java.util.Objects;

/**
 * What an arm's warm-up showed before anything was measured: every window it read, the rule it was
 * judged by, and the last judgement. Steady when the rule's last windows agreed within the cap; an arm
 * that was not steady keeps its figures, marked, and no lead rests on them.
 *
 * @param rule     how steadiness was decided
 * @param windows  every window, in order
 * @param last     the judgement of the last windows, the one the warm-up ended on
 */
public record WarmupEvidence(SteadyRule rule, List<WarmupWindow> windows, SteadyRule.Judgement last) {
    public WarmupEvidence {
        Objects.requireNonNull(rule);
        windows = List.copyOf(windows);
        Objects.requireNonNull(last);
    }

    /** The evidence of these windows as the rule judges them. */
    public static WarmupEvidence of(SteadyRule rule, List<WarmupWindow> windows) {
        return new WarmupEvidence(rule, windows, rule.judge(windows));
    }

    public boolean steady() {
        return last.steady();
    }

    /** How long the warm-up ran, window by window. */
    public double seconds() {
        return windows.stream().mapToDouble(WarmupWindow::seconds).sum();
    }

    /** Every answer it drew. */
    public long requests() {
        return windows.stream().mapToLong(WarmupWindow::answered).sum();
    }

    /** The JIT's CPU over the whole warm-up, or null when any window could not read it. */
    public Double jitCpuSeconds() {
        return windows.stream().anyMatch(w -> w.jitCpuS() == null) || windows.isEmpty() ? null
                : windows.stream().mapToDouble(WarmupWindow::jitCpuS).sum();
    }
}
