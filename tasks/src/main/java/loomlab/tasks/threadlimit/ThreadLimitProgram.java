package loomlab.tasks.threadlimit;

import java.io.IOException;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import loomlab.tasks.TaskProgram;
import loomlab.tasks.cli.Options;
import loomlab.tasks.cli.UsageException;
import loomlab.tasks.json.Json;
import loomlab.tasks.os.MemoryStatus;
import loomlab.tasks.os.ProcSelf;
import loomlab.threads.Threads;

/**
 * {@code thread-limit}: how many parked threads of one kind this JVM can hold, and what each costs
 * in resident memory. The caller must end the process afterwards (TasksMain does): the threads
 * stay parked.
 */
public final class ThreadLimitProgram implements TaskProgram {
    // The platform cap is far below the virtual one: each start costs O(threads) in the kernel's small
    // per-process futex hash and in the JVM's thread list, so starts slow down as the count grows, which
    // the time limit bounds (docs/measurements.md, "Carried over from code comments").
    static final int PLATFORM_CAP = 20_000;
    /** The threads the program starts: it parks threads, so there is no event loop to choose. */
    static final Set<Threads> STARTED = EnumSet.of(Threads.PLATFORM, Threads.VIRTUAL);
    static final int VIRTUAL_CAP = 1_000_000;
    static final int TIME_LIMIT_S = 30;

    @Override
    public String name() {
        return "thread-limit";
    }

    @Override
    public Set<String> optionNames() {
        return Set.of("threads", "cap", "time-limit-s");
    }

    @Override
    public String usage() {
        return "--threads platform|virtual [--cap " + PLATFORM_CAP + " platform, " + VIRTUAL_CAP + " virtual] [--time-limit-s "
                + TIME_LIMIT_S + "]";
    }

    /** Every started thread normally parks within milliseconds; a bound keeps a stuck one from hanging the run. */
    private static final long PARK_WAIT_NANOS = TimeUnit.SECONDS.toNanos(30);

    @Override
    public Json.ObjectBuilder run(Options options) throws IOException, InterruptedException {
        if (!options.has("threads")) {
            throw new UsageException("--threads is required; choose one of: " + Threads.choices(STARTED));
        }
        Threads threads = options.choice("threads", "", text -> Threads.parse(text, STARTED));
        boolean virtual = threads == Threads.VIRTUAL;
        int cap = options.integer("cap", virtual ? VIRTUAL_CAP : PLATFORM_CAP, 1);
        long timeLimitSeconds = options.longInteger("time-limit-s", TIME_LIMIT_S, 1);
        String unavailable = ProcSelf.unavailableReason();

        ThreadLimitProbe probe = new ThreadLimitProbe();
        MemoryStatus before = unavailable == null ? ProcSelf.memory() : null;
        ThreadLimitProbe.Starter starter = virtual
                ? task -> Thread.ofVirtual().start(task)
                : task -> Thread.ofPlatform().daemon().start(task);
        ThreadLimitProbe.Outcome outcome = probe.run(starter, cap, TimeUnit.SECONDS.toNanos(timeLimitSeconds));
        // Right after the start loop, threads still on their way to parking have not grown their stacks yet.
        long waitStart = System.nanoTime();
        int parked = probe.awaitParked(outcome.started(), PARK_WAIT_NANOS);
        double parkWaitS = (System.nanoTime() - waitStart) / 1e9;
        MemoryStatus after = unavailable == null ? ProcSelf.memory() : null;

        Json.ObjectBuilder result = Json.object()
                .put("program", "thread-limit")
                .put("threads", threads.id())
                .put("cap", cap)
                .put("time_limit_s", timeLimitSeconds)
                .put("threads_started", outcome.started())
                .put("stopped_by", outcome.stoppedBy().name().toLowerCase())
                .put("error", outcome.error())
                .put("elapsed_s", Json.round3(outcome.elapsedNanos() / 1e9))
                .put("parked", parked)
                .put("park_wait_s", Json.round3(parkWaitS))
                .put("max_heap_mb", Runtime.getRuntime().maxMemory() >> 20)
                .put("heap_used_mb", (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) >> 20);
        if (unavailable != null) {
            return result.put("rss_before_mb", null).put("rss_after_mb", null).put("rss_per_thread_kb", null)
                    .put("os_usage_unavailable", unavailable);
        }
        return result.put("rss_before_mb", Json.round3(before.rssMb()))
                .put("rss_after_mb", Json.round3(after.rssMb()))
                .put("rss_per_thread_kb", perThreadKb(before.rssKb(), after.rssKb(), parked));
    }

    /**
     * The memory each parked thread holds: the growth over the threads that parked, not all those
     * started, since a thread still on its way to parking has not grown its stack yet; null with none
     * parked.
     */
    static Double perThreadKb(long rssBeforeKb, long rssAfterKb, int parked) {
        return parked == 0 ? null : Json.round3((double) (rssAfterKb - rssBeforeKb) / parked);
    }
}
