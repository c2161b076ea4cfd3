package loomlab.core.breakage;

import java.util.List;

/**
 * A service that stopped answering: no answer for {@code silentS} seconds with requests outstanding,
 * and what two thread dumps taken apart showed.
 *
 * @param atS            when it was caught, in seconds from the start of the arm's watch
 * @param silentS        how long nothing had been answered by then
 * @param inFlight       requests outstanding then
 * @param answeredBefore requests the service answered in the arm before it stopped
 * @param classification what the dumps show, the cause first; {@link Breakage.Unclassified} when none fits or
 *                       none was taken
 * @param dumps          the dumps kept, relative to the results folder
 * @param scheduler      the virtual-thread scheduler's counts beside the last dump (JDK 24 and later), or null
 */
public record Hang(double atS, double silentS, int inFlight, long answeredBefore, Diagnosis classification,
                   List<String> dumps, SchedulerCounts scheduler) {
    public Hang {
        dumps = List.copyOf(dumps);
    }

    /** A hang with one kind. */
    public Hang(double atS, double silentS, int inFlight, long answeredBefore, Breakage classification,
                List<String> dumps, SchedulerCounts scheduler) {
        this(atS, silentS, inFlight, answeredBefore, Diagnosis.of(classification), dumps, scheduler);
    }

    /** Decided on dump evidence: every carrier held by threads whose lock only a thread with no carrier can free. */
    public boolean deadlocked() {
        return classification.has(BreakageKind.CARRIER_DEADLOCK);
    }
}
