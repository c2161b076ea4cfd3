package loomlab.lab.assess;

import static loomlab.core.Figures.count;
import static loomlab.core.Figures.num;

import java.io.PrintStream;
import java.util.Locale;
import loomlab.core.assess.Capacity;
import loomlab.core.assess.CapacitySearch;
import loomlab.core.assess.CapacityStep;
import loomlab.core.assess.CurvePoint;
import loomlab.core.assess.WarmupEvidence;
import loomlab.lab.report.verdict.FlagText;
import loomlab.lab.report.verdict.WarmupText;
import loomlab.load.LoadListener;

/**
 * What an assessment prints while it runs: on a terminal, one line rewritten every second with the
 * arm, the step, the rate and the p99 so far; everywhere, a plain line per finished step.
 */
final class AssessProgress {
    /** A window's arrivals this share apart from the rate are named beside it. */
    static final double ARRIVED_APART = 0.02;

    private final PrintStream console;
    private final boolean live;
    /** The arm each line names first, where arms measured side by side interleave their lines; null for none. */
    private final String arm;
    /** Whether a step's line is rewritten as it goes (on a terminal, for one arm at a time). */
    private final boolean rewrites;

    AssessProgress(PrintStream console, boolean live) {
        this(console, live, null, live);
    }

    private AssessProgress(PrintStream console, boolean live, String arm, boolean rewrites) {
        this.console = console;
        this.live = live;
        this.arm = arm;
        this.rewrites = rewrites;
    }

    /** The same, each line opening with the arm's name: {@code platform:10, JDK 25: capacity step 3: ...}. */
    AssessProgress naming(String armName) {
        return new AssessProgress(console, live, armName, rewrites);
    }

    /** The same lines, with no line rewritten during a step: for an arm measured beside one that shows its own. */
    AssessProgress quiet() {
        return new AssessProgress(console, live, arm, false);
    }

    /** The rewritten line during a step, on a terminal; nothing otherwise. */
    LoadListener during(String arm, String step) {
        if (!rewrites) {
            return LoadListener.NONE;
        }
        return second -> {
            console.print("\r\033[K    " + arm + " | " + step + String.format(Locale.ROOT,
                    " | %.0f s: %s req/s, p99 %s ms", second.elapsedSeconds(), num(second.requestsPerSecond()),
                    num(second.p99Millis())));
            console.flush();
        };
    }

    /** The line said once an arm's warm-up to a steady state has ended. */
    static String warmedUp(WarmupEvidence evidence) {
        return "warm-up " + WarmupText.summary(evidence) + (evidence.steady() ? "" : "; its figures are kept,"
                + " and no lead rests on them");
    }

    void curveStep(CurvePoint point) {
        line("curve, " + count(point.users()) + (point.users() == 1 ? " user: " : " users: ")
                + num(point.throughputRps()) + " req/s, p50 " + num(point.p50Ms()) + " ms, p99 " + num(point.p99Ms())
                + " ms (from the actual send), " + count(point.errors()) + " errors");
    }

    void capacityStep(int number, CapacityStep step, Capacity.Outcome outcome, double sloMs) {
        String result = switch (outcome) {
            case PASSED -> "passed";
            case FAILED -> "failed" + (step.stoppedEarly() != null ? ", stopped early: " + step.stoppedEarly()
                    : step.p50RiseMs() != null && step.p50RiseMs() > CapacitySearch.STEADY_SHARE * sloMs
                    ? ", its median still rising (+" + num(step.p50RiseMs()) + " ms)" : "");
            case NOT_OFFERED -> "the lab's generator could not offer this rate";
        };
        line("capacity step " + number + ": " + num(step.rateRps()) + " req/s offered" + arrived(step) + ", "
                + num(step.answeredRps()) + " answered" + ok(step) + ": p99 " + num(step.p99Ms()) + " ms from the intended send"
                + " (target " + num(sloMs) + "), " + count(step.errors()) + " errors: " + result
                + backlog(step.generator().listenOverflows()));
    }

    /**
     * {@code  (11.8 arrived in its window)} when the generator sent a share more or fewer requests in the window
     * than the rate ({@link #ARRIVED_APART}): Poisson arrivals, one draw of the process, or a generator that
     * fell behind, so that the answers per second
     * beside it are not read as more than the service was sent.
     */
    static String arrived(CapacityStep step) {
        Double arrived = step.arrivedRps();
        return arrived == null || Math.abs(arrived / step.rateRps() - 1) < ARRIVED_APART ? ""
                : " (" + num(arrived) + " arrived in its window)";
    }

    /** {@code  (120 of them 2xx or 3xx)} when some answers were error statuses; nothing when all succeeded or unread. */
    static String ok(CapacityStep step) {
        Double ok = step.windowOkRps();
        Double answered = step.windowRps();
        return ok == null || answered == null || Math.abs(answered - ok) < 1e-9 ? ""
                : " (" + num(ok) + " of them 2xx or 3xx)";
    }

    /** Connections dropped at a full listen backlog during the step (each client retries after about 1 s). */
    static String backlog(Long overflows) {
        return overflows == null || overflows == 0 ? "" : "; " + FlagText.droppedAtBacklog(overflows);
    }

    void note(String text) {
        line(text);
    }

    private void line(String text) {
        if (live) {
            console.print("\r\033[K");
        }
        console.println("    " + (arm == null ? "" : arm + ": ") + text);
        console.flush();
    }
}
