package loomlab.core.breakage;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The virtual-thread scheduler's own counts (JDK 24 and later: {@code jcmd PID Thread.vthread_scheduler}
 * prints its ForkJoinPool, e.g. {@code ForkJoinPool@11291c0c[Running, parallelism = 2, size = 2,
 * active = 2, running = 0, steals = 2, tasks = 0, submissions = 12]}).
 *
 * @param parallelism the carriers it aims to run
 * @param poolSize    carriers that exist
 * @param active      carriers running or about to run a virtual thread (mounted)
 * @param queued      virtual threads waiting for a carrier: tasks in the carriers' queues plus
 *                    submissions (a woken virtual thread is resubmitted from outside the pool)
 * @param pool        the scheduler's identity hash ({@code 11291c0c}), or null: an idle carrier is parked on
 *                    {@code java.util.concurrent.ForkJoinPool@11291c0c}, which tells the scheduler's pool from
 *                    a service's own ForkJoinPool in a dump
 */
public record SchedulerCounts(int parallelism, int poolSize, int active, long queued, String pool) {
    private static final Pattern FIELD = Pattern.compile("(parallelism|size|active|tasks|submissions) = (\\d+)");
    private static final Pattern POOL = Pattern.compile("ForkJoinPool@([0-9a-fA-F]+)\\[");

    /** Counts with no pool identity. */
    public SchedulerCounts(int parallelism, int poolSize, int active, long queued) {
        this(parallelism, poolSize, active, queued, null);
    }

    /** The counts in jcmd's output, or empty when it holds none (JDK 21 has no such command). */
    public static Optional<SchedulerCounts> parse(String jcmdOutput) {
        if (jcmdOutput == null || !jcmdOutput.contains("ForkJoinPool")) {
            return Optional.empty();
        }
        Integer parallelism = null;
        Integer size = null;
        Integer active = null;
        Long tasks = null;
        Long submissions = null;
        Matcher field = FIELD.matcher(jcmdOutput);
        while (field.find()) {
            long value = Long.parseLong(field.group(2));
            switch (field.group(1)) {
                case "parallelism" -> parallelism = parallelism == null ? (int) value : parallelism;
                case "size" -> size = size == null ? (int) value : size;
                case "active" -> active = active == null ? (int) value : active;
                case "tasks" -> tasks = tasks == null ? value : tasks;
                case "submissions" -> submissions = submissions == null ? value : submissions;
                default -> throw new IllegalStateException(field.group(1));
            }
        }
        if (parallelism == null || size == null || active == null || tasks == null || submissions == null) {
            return Optional.empty();
        }
        Matcher pool = POOL.matcher(jcmdOutput);
        return Optional.of(new SchedulerCounts(parallelism, size, active, tasks + submissions,
                pool.find() ? pool.group(1) : null));
    }
}
