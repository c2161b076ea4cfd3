package loomlab.lab.process;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The CPU a JVM's JIT compiler threads have used, read from Linux's {@code /proc/PID/task/*}: what the
 * JIT takes from the machine. HotSpot's own count of its compiling ({@code java.ci.totalTime}, what
 * {@code jstat -compiler}, {@code CompilationMXBean} and JFR's {@code jdk.Compilation} durations report)
 * is the wall time from each compilation's start to its end, added over the compiler threads, so on a
 * machine whose cores are busy it counts the time a compiler thread waited for a core as well: three to
 * five times the threads' CPU on two busy cores (docs/measurements.md, "The JIT's CPU against its
 * compiling time"). A rule about the JIT's share of a core reads the CPU.
 *
 * <p>The compiler threads are known by the names HotSpot gives them, {@code C1 CompilerThread0} and
 * {@code C2 CompilerThread0}, which Linux keeps to their first 15 bytes. A JVM with none ({@code -Xint},
 * or another JVM's names) gives no reading rather than a JIT that never worked.
 * A compiler thread that HotSpot stops while idle takes its CPU with it: a reading spans the threads
 * alive at its end, and what a stopped one used since the earlier reading is not counted.
 */
public final class JitThreads {
    /** The names of HotSpot's compiler threads, as Linux keeps them (15 bytes). */
    static final List<String> NAME_STARTS = List.of("C1 CompilerThre", "C2 CompilerThre");

    /**
     * Each compiler thread's CPU so far, by thread id.
     *
     * @param secondsByThread user plus system CPU seconds of each compiler thread alive when read
     */
    public record Reading(Map<Long, Double> secondsByThread) {
        public Reading {
            secondsByThread = Map.copyOf(secondsByThread);
        }

        /**
         * CPU seconds the compiler threads used since {@code earlier}: each thread alive now, less what it
         * had used then (all of it for a thread started since).
         */
        public double secondsSince(Reading earlier) {
            double seconds = 0;
            for (Map.Entry<Long, Double> thread : secondsByThread.entrySet()) {
                double before = earlier.secondsByThread.getOrDefault(thread.getKey(), 0.0);
                seconds += Math.max(0, thread.getValue() - before);
            }
            return seconds;
        }
    }

    private JitThreads() {
    }

    /** The compiler threads of {@code pid} now; empty off Linux, for a process gone, or one without them. */
    public static Optional<Reading> read(long pid) {
        Map<Long, String[]> threads = new HashMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks) {
                try {
                    // A pool of hundreds of threads is read every few seconds: only a compiler thread's stat.
                    String comm = Files.readString(task.resolve("comm"));
                    if (compilerThread(comm.strip())) {
                        threads.put(Long.parseLong(task.getFileName().toString()),
                                new String[] {comm, Files.readString(task.resolve("stat"))});
                    }
                } catch (IOException | NumberFormatException e) {
                    // a thread that ended while the folder was read: it is not counted
                }
            }
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
        return reading(threads);
    }

    /** CPU seconds between two readings, or null (the lab's unknown) when either is missing. */
    public static Double between(Optional<Reading> start, Optional<Reading> end) {
        return start.isPresent() && end.isPresent() ? end.get().secondsSince(start.get()) : null;
    }

    /**
     * The compiler threads among a process's threads, each given as its {@code comm} and its {@code stat}
     * line; empty when none is a compiler thread.
     */
    static Optional<Reading> reading(Map<Long, String[]> commAndStatByThread) {
        Map<Long, Double> seconds = new HashMap<>();
        commAndStatByThread.forEach((tid, files) -> {
            if (compilerThread(files[0].strip())) {
                ProcStat.cpuSecondsFromStat(files[1]).ifPresent(used -> seconds.put(tid, used));
            }
        });
        return seconds.isEmpty() ? Optional.empty() : Optional.of(new Reading(seconds));
    }

    static boolean compilerThread(String comm) {
        return NAME_STARTS.stream().anyMatch(comm::startsWith);
    }

}
