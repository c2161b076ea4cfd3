package loomlab.core.assess;

/**
 * When one offered rate counts as clearly above another. Memory a process grew under a higher rate
 * stays with it, so a cost read under a clearly higher load is not set against one read under a lighter
 * load as the thread model's: assess's memory at the common rate, its peak memory, and the winners
 * matrix's memory cell all ask this one rule.
 */
public final class OfferedLoad {
    /** Rates within this share of each other count as the same load. */
    public static final double SAME = 0.05;

    private OfferedLoad() {
    }

    /** True when {@code rps} is more than {@link #SAME} above {@code other}. */
    public static boolean clearlyAbove(double rps, double other) {
        return rps > other * (1 + SAME);
    }
}
