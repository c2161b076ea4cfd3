package loomlab.lab.watch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import loomlab.core.breakage.SchedulerCounts;
import loomlab.core.breakage.ThreadDump;
import loomlab.core.breakage.ThreadPrint;
import loomlab.lab.process.ProcessSupervisor;

/**
 * The JVM a watchdog dumps: its pid and its own JDK's {@code jcmd}, which (unlike jstack) lists virtual
 * threads with {@code Thread.dump_to_file -format=json}, gives each platform thread's CPU time with
 * {@code Thread.print}, and from JDK 24 prints the virtual-thread scheduler ({@code Thread.vthread_scheduler}). Every call is bounded, so a JVM too far gone to answer
 * never holds up the lab; what could not be done comes back as a reason.
 */
public interface WatchedJvm {
    /** The dump written to {@code file} and read, or why there is none. */
    DumpAttempt dump(Path file) throws InterruptedException;

    /** The scheduler's counts now, or empty (JDK 21, a JVM that did not answer). */
    Optional<SchedulerCounts> scheduler() throws InterruptedException;

    /** A dump, or the reason there is none. */
    record DumpAttempt(ThreadDump dump, String problem) {
        static DumpAttempt failed(String problem) {
            return new DumpAttempt(null, problem);
        }
    }

    /** With {@code jcmd} (null when the JDK has none), on a JVM of the given feature version. */
    static WatchedJvm jcmd(Path jcmd, long pid, int feature) {
        return new Jcmd(jcmd, pid, feature);
    }

    /** jcmd, bounded. */
    record Jcmd(Path jcmd, long pid, int feature) implements WatchedJvm {
        static final long LIMIT_SECONDS = 15;

        @Override
        public DumpAttempt dump(Path file) throws InterruptedException {
            if (jcmd == null || !Files.isExecutable(jcmd)) {
                return DumpAttempt.failed("no jcmd beside the service's java, so no thread dump");
            }
            if (ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true)) {
                return DumpAttempt.failed("the process " + pid + " had gone, so no thread dump");
            }
            try {
                Files.createDirectories(file.toAbsolutePath().getParent());
                Files.deleteIfExists(file);
                Result result = run("Thread.dump_to_file", "-format=json", file.toAbsolutePath().toString());
                if (result.problem() != null) {
                    return DumpAttempt.failed(result.problem());
                }
                if (!Files.isRegularFile(file)) {
                    return DumpAttempt.failed("jcmd wrote no dump: " + result.lastLine());
                }
                ThreadDump dump = ThreadDumpJson.parse(Files.readString(file));
                return new DumpAttempt(dump.withCpuMs(cpuMs()), null);
            } catch (IOException | IllegalArgumentException e) {
                return DumpAttempt.failed("no thread dump: " + e.getMessage());
            }
        }

        /**
         * Each platform thread's CPU time from Thread.print, right after the JSON dump (which has none): what
         * tells a thread stuck in one call from one passing the same frame on many; empty when jcmd fails.
         */
        private Map<String, Double> cpuMs() throws InterruptedException {
            try {
                Result result = run("Thread.print");
                return result.problem() == null ? ThreadPrint.cpuMs(result.output()) : Map.of();
            } catch (IOException e) {
                return Map.of();
            }
        }

        @Override
        public Optional<SchedulerCounts> scheduler() throws InterruptedException {
            if (feature < 24 || jcmd == null) {
                return Optional.empty();
            }
            try {
                Result result = run("Thread.vthread_scheduler");
                return result.problem() == null ? SchedulerCounts.parse(result.output()) : Optional.empty();
            } catch (IOException e) {
                return Optional.empty();
            }
        }

        private record Result(String output, String problem) {
            String lastLine() {
                return output.lines().reduce((a, b) -> b).orElse("");
            }
        }

        private Result run(String... command) throws IOException, InterruptedException {
            String[] words = new String[command.length + 2];
            words[0] = jcmd.toString();
            words[1] = Long.toString(pid);
            System.arraycopy(command, 0, words, 2, command.length);
            // Into a file, not a pipe: jcmd blocks on a full pipe (64 KiB) until it is read, and a Thread.print
            // of a grown pool is longer than that.
            Path written = Files.createTempFile("loomlab-jcmd-", ".txt");
            try {
                Process process = ProcessSupervisor.startCommand(List.of(words), builder -> builder
                        .redirectErrorStream(true).redirectOutput(written.toFile()));
                try {
                    if (!process.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS)) {
                        return new Result("", "jcmd did not answer within " + LIMIT_SECONDS + " s");
                    }
                    String output = new String(Files.readAllBytes(written));
                    Result result = new Result(output, null);
                    return process.exitValue() == 0 ? result
                            : new Result(output, "jcmd failed (exit code " + process.exitValue() + "): " + result.lastLine());
                } finally {
                    process.destroyForcibly();
                }
            } finally {
                Files.deleteIfExists(written);
            }
        }
    }
}
