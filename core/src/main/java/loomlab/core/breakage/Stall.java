package loomlab.core.breakage;

import java.util.List;

/**
 * One request that waited far longer than the others while they were answered, with what thread
 * dumps taken during the wait showed.
 *
 * @param startS         when the request was sent, in seconds from the start of the arm's watch
 * @param durationMs     how long it waited (until it was answered, failed, or the run ended)
 * @param path           the request's target
 * @param classification what the dumps show, the cause first; {@link Breakage.Unclassified} when none fits or
 *                       none was taken; {@link Breakage.BacklogDrop} alone, with no dump, for a request that
 *                       never got past the listen backlog
 * @param dumps          the dumps kept, relative to the results folder
 * @param scheduler      the virtual-thread scheduler's counts beside the last dump (JDK 24 and later), or null
 * @param endedWithRun   true when the run ended while the request still waited
 * @param inWarmup       true when the request was sent in the arm's warm-up, which is not measured
 */
public record Stall(double startS, double durationMs, String path, Diagnosis classification, List<String> dumps,
                    SchedulerCounts scheduler, boolean endedWithRun, boolean inWarmup) {
    public Stall {
        dumps = List.copyOf(dumps);
    }

    /** A stall with one kind. */
    public Stall(double startS, double durationMs, String path, Breakage classification, List<String> dumps,
                 SchedulerCounts scheduler, boolean endedWithRun, boolean inWarmup) {
        this(startS, durationMs, path, Diagnosis.of(classification), dumps, scheduler, endedWithRun, inWarmup);
    }

    /** A stall of a measured run, with one kind. */
    public Stall(double startS, double durationMs, String path, Breakage classification, List<String> dumps,
                 SchedulerCounts scheduler, boolean endedWithRun) {
        this(startS, durationMs, path, classification, dumps, scheduler, endedWithRun, false);
    }

    /** True when the wait was the listen backlog's, not the service's. */
    public boolean backlog() {
        return classification.has(BreakageKind.BACKLOG_DROP);
    }
}
