package loomlab.core.repeat;

import java.util.ArrayList;
import java.util.List;

/**
 * The order an experiment's arms run in, run by run ({@code --repeat K}): as planned in odd runs,
 * reversed in even ones. Arms that share a machine, a downstream service or a JIT-warmed
 * generator meet each other's leftovers; run in one order every time, the last arm always meets
 * the warmest of them. Reversing every other run puts each arm as often early as late over an even
 * number of runs, and two arms (an assessment's) simply alternate.
 */
public final class RunOrder {
    private RunOrder() {
    }

    /** The planned arms' indices in the order run {@code run} (1-based) takes them. */
    public static List<Integer> of(int arms, int run) {
        if (arms < 0 || run < 1) {
            throw new IllegalArgumentException("an order of " + arms + " arms for run " + run);
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < arms; i++) {
            order.add(run % 2 == 1 ? i : arms - 1 - i);
        }
        return order;
    }
}
