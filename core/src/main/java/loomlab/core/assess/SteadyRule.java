package loomlab.core.assess;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * When an arm's warm-up has reached a steady state, decided from evidence and not assumed: the
 * service is driven by {@code users} closed-model users on the mix, read in windows of {@code window},
 * and is steady once, over the last {@code windows} windows, its JIT has gone quiet (its compiler threads'
 * CPU in each window at most {@code jitCoreShare} of one core) and its throughput and CPU per request agree
 * (each spread, the largest less the smallest over their median, at most {@code agreement}; for CPU per
 * request, also where what the windows disagree by comes to at most {@code jitCoreShare} of one core at
 * their load: a service that spends little CPU per request sees a collection or a timer tick move that
 * figure by tens of percent, a noise the rule already accepts from the JIT). A JVM
 * compiles its hot paths in its first thousands of requests, and a real application's template engine,
 * ORM and proxies take tens of seconds of them on a small machine: a step measured then measures the
 * compiler. Many JVMs never settle at all (Barrett et al., OOPSLA 2017), so the warm-up ends at
 * {@code cap} and says so: an arm that did not settle is "not steady", and no lead rests on it.
 *
 * <p>A figure that could not be read (no performance data, no {@code /proc}) leaves its test out and
 * the evidence says which were judged ({@link Judgement#unread}).
 *
 * @param users        the closed-model users that drive the warm-up
 * @param window       one window's length
 * @param windows      how many consecutive windows must agree
 * @param jitCoreShare the most of one core the JIT may take in each of them
 * @param agreement    the widest spread of throughput and of CPU per request among them
 * @param cap          the longest warm-up
 */
public record SteadyRule(int users, Duration window, int windows, double jitCoreShare, double agreement,
                         Duration cap) {
    /**
     * The quick profile's: three windows of 3 s, within 120 s. A page through a template engine and an ORM
     * keeps a pool of 10's JIT busy for 80 s of the 2 cores the service and the lab share (docs/assess.md,
     * "Measured side by side"); a service that settles sooner ends its warm-up then.
     */
    public static final SteadyRule QUICK = new SteadyRule(16, Duration.ofSeconds(3), 3, 0.05, 0.05,
            Duration.ofSeconds(120));
    /** The full profile's: three windows of 5 s, within 180 s. */
    public static final SteadyRule FULL = new SteadyRule(16, Duration.ofSeconds(5), 3, 0.05, 0.05,
            Duration.ofSeconds(180));

    public SteadyRule {
        Objects.requireNonNull(window);
        Objects.requireNonNull(cap);
        if (users < 1 || windows < 2 || window.isNegative() || window.isZero() || !(jitCoreShare > 0)
                || !(agreement > 0) || cap.compareTo(window.multipliedBy(windows)) < 0) {
            throw new IllegalArgumentException("a steady rule drives some users, compares at least two windows,"
                    + " and its cap holds them: " + users + " users, " + windows + " x " + window + ", cap " + cap);
        }
    }

    /** What failed to settle in the last windows; empty once steady. */
    public enum Unsettled {
        /** Fewer windows than the rule compares. */
        TOO_FEW_WINDOWS,
        /** The JIT took more than its share of a core in one of them. */
        JIT,
        /** Their throughputs spread wider than the agreement. */
        THROUGHPUT,
        /** Their CPU per request spread wider than the agreement. */
        CPU_PER_REQUEST,
        /** A window answered nothing: there is no steady state to see. */
        NO_ANSWERS
    }

    /** A figure a window could not read, so that its test was left out. */
    public enum Unread { JIT, CPU }

    /**
     * The last windows judged.
     *
     * @param unsettled       what kept them from being steady; empty when steady
     * @param unread          the tests left out for figures not read
     * @param jitCoreShare    the most of a core the JIT took in one of them, or null when unread
     * @param throughputSpread their throughputs' spread over the median, or null with too few windows
     * @param cpuSpread       their CPU per request's spread, or null when unread
     */
    public record Judgement(List<Unsettled> unsettled, List<Unread> unread, Double jitCoreShare,
                            Double throughputSpread, Double cpuSpread) {
        public Judgement {
            unsettled = List.copyOf(unsettled);
            unread = List.copyOf(unread);
        }

        public boolean steady() {
            return unsettled.isEmpty();
        }
    }

    /** Whether the last {@link #windows} of these are steady, and what kept them from it. */
    public Judgement judge(List<WarmupWindow> all) {
        if (all.size() < windows) {
            return new Judgement(List.of(Unsettled.TOO_FEW_WINDOWS), List.of(), null, null, null);
        }
        List<WarmupWindow> last = all.subList(all.size() - windows, all.size());
        List<Unsettled> unsettled = new ArrayList<>();
        List<Unread> unread = new ArrayList<>();
        if (last.stream().anyMatch(w -> w.answered() == 0)) {
            unsettled.add(Unsettled.NO_ANSWERS);
        }
        Double jit = most(last, WarmupWindow::jitCoreShare);
        if (jit == null) {
            unread.add(Unread.JIT);
        } else if (jit > jitCoreShare) {
            unsettled.add(Unsettled.JIT);
        }
        Double throughput = spread(last, w -> w.answered() == 0 ? null : w.throughputRps());
        if (throughput != null && throughput > agreement) {
            unsettled.add(Unsettled.THROUGHPUT);
        }
        Double cpu = spread(last, WarmupWindow::cpuPerRequestMs);
        if (cpu == null) {
            unread.add(Unread.CPU);
        } else if (cpu > agreement && !(coresApart(last) <= jitCoreShare)) {
            unsettled.add(Unsettled.CPU_PER_REQUEST);
        }
        return new Judgement(unsettled, unread, jit, throughput, cpu);
    }

    /**
     * What the windows' CPU per request disagrees by, in cores at their median throughput: (largest - smallest)
     * ms per request times requests per second, over 1,000; null when a window lacks the figure.
     */
    static Double coresApart(List<WarmupWindow> windows) {
        List<Double> cpu = windows.stream().map(WarmupWindow::cpuPerRequestMs).toList();
        if (cpu.contains(null)) {
            return null;
        }
        List<Double> rates = windows.stream().map(WarmupWindow::throughputRps).sorted().toList();
        double rate = rates.get((rates.size() - 1) / 2);
        double apart = cpu.stream().mapToDouble(Double::doubleValue).max().orElseThrow()
                - cpu.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        return apart * rate / 1000;
    }

    /** The largest of a figure over the windows, or null when any window lacks it. */
    private static Double most(List<WarmupWindow> windows, Function<WarmupWindow, Double> figure) {
        List<Double> values = windows.stream().map(figure).toList();
        return values.contains(null) ? null : values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    }

    /** (largest - smallest) / median of a figure over the windows, or null when any lacks it or the median is 0. */
    static Double spread(List<WarmupWindow> windows, Function<WarmupWindow, Double> figure) {
        List<Double> values = windows.stream().map(figure).toList();
        if (values.contains(null)) {
            return null;
        }
        List<Double> sorted = values.stream().sorted().toList();
        // The lower middle when even, a figure some window measured.
        double median = sorted.get((sorted.size() - 1) / 2);
        return median > 0 ? (sorted.getLast() - sorted.getFirst()) / median : null;
    }

    /** Whether a warm-up that has run {@code elapsed} may go on for another window. */
    public boolean roomFor(Duration elapsed) {
        return elapsed.plus(window).compareTo(cap) <= 0;
    }
}
