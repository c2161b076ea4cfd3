package loomlab.lab.diagnose;

import static loomlab.core.Figures.num;
import static loomlab.core.Figures.plain;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import jdk.jfr.consumer.RecordingFile;
import loomlab.core.BadInput;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmMode;
import loomlab.core.arm.DiagnosedJvm;
import loomlab.core.breakage.DumpCounts;
import loomlab.core.breakage.SchedulerCounts;
import loomlab.core.breakage.ThreadDump;
import loomlab.core.breakage.ThreadPrint;
import loomlab.core.diagnose.Diagnoser;
import loomlab.core.diagnose.PinsRecorded;
import loomlab.core.diagnose.Target;
import loomlab.core.fixes.KnownFixes;
import loomlab.core.fixes.Versions;
import loomlab.core.pinning.PinningSites;
import loomlab.lab.jfr.PinningRecording;
import loomlab.lab.watch.ThreadDumpJson;

/**
 * {@code loomlab diagnose}: a running JVM watched for a window with its own jcmd, or dumps taken
 * elsewhere read offline, classified with the lab's classifiers. It only observes: against a running
 * JVM it runs {@code VM.version}, {@code Thread.dump_to_file}, {@code Thread.print} (each platform
 * thread's CPU time), {@code Thread.vthread_scheduler} (JDK 24 and later), and {@code JFR.start}/{@code JFR.stop}
 * of a recording of its own, nothing else, and lists every call it made in its results.
 */
public final class DiagnoseRun {
    /** The most seconds a window may last, and its dumps' interval bounds. */
    public static final int MAX_SECONDS = 600;
    static final Duration MIN_INTERVAL = Duration.ofSeconds(1);
    static final int DUMPS_PER_WINDOW = 10;
    /** The fewest dumps a window takes, whatever its seconds: two to compare, and one more to confirm. */
    static final int MIN_DUMPS = 3;
    static final String DUMPS = "dumps";
    static final String RECORDING = "pinned.jfr";

    private final PrintWriter console;
    private final KnownFixes fixes;
    private boolean announced;
    private String lastProblem;

    public DiagnoseRun(PrintWriter console) {
        this(console, KnownFixes.standard());
    }

    DiagnoseRun(PrintWriter console, KnownFixes fixes) {
        this.console = console;
        this.fixes = fixes;
    }

    /** The interval between a window's dumps: a tenth of it, at least a second. */
    static Duration interval(int seconds) {
        Duration tenth = Duration.ofMillis(seconds * 1000L / DUMPS_PER_WINDOW);
        return tenth.compareTo(MIN_INTERVAL) < 0 ? MIN_INTERVAL : tenth;
    }

    /** The JVM checked, before anything is made or started: bad input is refused here. */
    public static TargetJvm check(long pid) throws InterruptedException {
        return TargetJvm.attach(pid);
    }

    /**
     * Watches the JVM that {@link #check} returned for {@code seconds}, or less when a carrier deadlock
     * has settled, keeping its dumps and recording in {@code out}.
     */
    public DiagnosedJvm live(TargetJvm target, int seconds, Path out) throws IOException, InterruptedException {
        long pid = target.pid();
        String name = "loomlab-diagnose-" + pid + "-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
        Duration interval = interval(seconds);
        console.println("loomlab diagnose: pid " + pid + ", JDK " + target.runtimeVersion() + ", with its own jcmd ("
                + target.jcmd().path() + "); " + seconds + " s, a thread dump every " + num(interval.toMillis() / 1e3)
                + " s");
        List<ThreadDump> dumps = new ArrayList<>();
        List<String> files = new ArrayList<>();
        List<SchedulerCounts> scheduler = new ArrayList<>();
        ClassPathVersions versions = versions(target);
        Double stoppedEarlyS = null;
        PinsRecorded pins;
        String jfrFile = null;
        Long firstDump = null;
        long lastDump = 0;
        try (SharedFolder folder = SharedFolder.of(pid, out.resolve(DUMPS), name)) {
            // The recording starts beside the first dump, so that a JVM starting JFR for the first time
            // (a second or more) does not hold the first look at it.
            CompletableFuture<PinnedRecording.Started> starting = new java.util.concurrent
                    .CompletableFuture<>();
            Thread.ofPlatform().name("loomlab-diagnose-jfr-start").start(() -> {
                try {
                    starting.complete(PinnedRecording.start(target.jcmd(), name));
                } catch (InterruptedException e) {
                    starting.complete(new PinnedRecording.Started(null, "interrupted"));
                } catch (RuntimeException e) {
                    starting.complete(new PinnedRecording.Started(null, e.toString()));
                }
            });
            PinnedRecording recording = null;
            try {
                long start = System.nanoTime();
                for (int n = 1; ; n++) {
                    sleepUntil(start + interval.toNanos() * (n - 1));
                    long taken = System.nanoTime();
                    String file = "dump-" + n + ".threads.json";
                    Optional<ThreadDump> dump = dump(target, folder, file);
                    if (n == 1) {
                        recording = started(starting);
                    }
                    double at = (taken - start) / 1e9;
                    if (dump.isEmpty()) {
                        if (ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true)) {
                            console.println("  the process " + pid + " has gone: the window ends at " + num(at) + " s");
                            break;
                        }
                    } else {
                        firstDump = firstDump == null ? taken : firstDump;
                        lastDump = taken;
                        dumps.add(dump.get());
                        files.add(out.relativize(folder.kept(file)).toString());
                        SchedulerCounts counts = target.feature() >= 24 ? schedulerCounts(target.jcmd()) : null;
                        if (counts != null) {
                            scheduler.add(counts);
                        }
                        console.println("  dump " + n + " at " + num(at) + " s: " + counts(dump.get().counts(), counts));
                        double span = span(dumps, firstDump, lastDump);
                        if (Diagnoser.of(dumps, span, scheduler, fixes, versions).settled()) {
                            stoppedEarlyS = span;
                            console.println("  a carrier deadlock in " + dumps.size() + " dumps over " + num(span)
                                    + " s cannot end by itself: the window ends here");
                            break;
                        }
                    }
                    // The window's seconds, and never fewer than three dumps: a JVM starting JFR (a second or
                    // more) or a loaded machine can hold one dump back past a short window.
                    if ((System.nanoTime() - start) / 1e9 >= seconds - 0.05 && dumps.size() >= MIN_DUMPS) {
                        break;
                    }
                }
                if (recording == null) {
                    recording = started(starting);
                }
                if (recording != null) {
                    Optional<String> problem = recording.stopInto(folder.theirs(RECORDING));
                    if (problem.isEmpty()) {
                        Path kept = folder.kept(RECORDING);
                        jfrFile = out.relativize(kept).toString();
                        pins = pins(kept, PinnedRecording.THRESHOLD_MS);
                        console.println("  flight recording " + name + " stopped and removed from the JVM; kept as "
                                + jfrFile);
                    } else {
                        pins = PinsRecorded.none(problem.get());
                        console.println("  " + problem.get());
                    }
                } else {
                    pins = PinsRecorded.none(starting.join().problem());
                }
            } finally {
                PinnedRecording late = recording != null ? recording : started(starting);
                if (late != null) {
                    late.close();
                }
            }
        }
        if (dumps.isEmpty()) {
            throw new IOException("no thread dump could be taken of pid " + pid + (lastProblem == null ? ""
                    : " (" + lastProblem + ")") + ": a JVM that does not answer jcmd is stuck below Java (a safepoint"
                    + " that never comes, a full heap) or gone");
        }
        Double span = firstDump == null || dumps.size() < 2 ? null : span(dumps, firstDump, lastDump);
        Diagnoser.Result result = Diagnoser.of(dumps, span, scheduler, fixes, versions);
        Target who = new Target(pid, dumps.getLast().runtimeVersion(),
                target.commandLine() == null ? null : target.commandLine().line(), target.jcmd().path().toString(), true);
        return new DiagnosedJvm(key(who), who, (double) seconds, stoppedEarlyS == null ? null
                : "a carrier deadlock settled after " + num(stoppedEarlyS) + " s", result.stillness(), result.found(),
                scheduler.isEmpty() ? null : scheduler.getLast(), pins, files, jfrFile, target.jcmd().calls());
    }

    /** The recording once its start has answered, said on the console; null when it did not start. */
    private PinnedRecording started(CompletableFuture<PinnedRecording.Started> starting)
            throws InterruptedException {
        PinnedRecording.Started started;
        try {
            started = starting.get();
        } catch (ExecutionException e) {
            started = new PinnedRecording.Started(null, e.getCause().toString());
        }
        if (!starting.isDone() || started == null) {
            return null;
        }
        if (started.recording() != null && !announced) {
            console.println("  flight recording " + started.recording().name() + " started: jdk.VirtualThreadPinned, "
                    + plain(PinnedRecording.THRESHOLD_MS) + " ms and longer");
        } else if (!announced) {
            console.println("  no flight recording: " + started.problem());
        }
        announced = true;
        return started.recording();
    }

    /**
     * Dumps taken elsewhere, in the order given (each one's {@code time} gives the span), with a flight
     * recording of the same JVM when given and the class path it ran with when given.
     *
     * @throws BadInput for a missing file, a file that is not a JSON thread dump or not a recording
     */
    public static Offline checkOffline(List<Path> files, Path jfr) {
        List<DumpFile> dumps = files.stream().map(DumpFile::read).toList();
        if (jfr != null) {
            if (!Files.isRegularFile(jfr)) {
                throw new BadInput("--jfr " + jfr + ": no such file");
            }
            try (RecordingFile recording = new RecordingFile(jfr)) {
                recording.hasMoreEvents();
            } catch (IOException | RuntimeException e) {
                throw new BadInput("--jfr " + jfr + ": not a flight recording (" + e.getMessage() + ")");
            }
        }
        Set<Long> pids = new LinkedHashSet<>();
        dumps.stream().map(DumpFile::pid).filter(Objects::nonNull).forEach(pids::add);
        if (pids.size() > 1) {
            throw new BadInput("the dumps are of " + pids.size() + " processes (" + pids + "): give the dumps of one JVM");
        }
        return new Offline(dumps, jfr);
    }

    /** Dumps and a recording, read and checked. */
    public record Offline(List<DumpFile> dumps, Path jfr) {
    }

    /** Classifies dumps taken elsewhere; reads nothing but the files given. */
    public DiagnosedJvm offline(Offline given, List<String> classPath) {
        List<DumpFile> dumps = given.dumps();
        List<ThreadDump> read = dumps.stream().map(DumpFile::dump).toList();
        Double span = dumps.size() < 2 ? null : read.getLast().secondsAfter(read.getFirst());
        ClassPathVersions versions = classPath == null
                ? ClassPathVersions.unknown("a thread dump carries no class path (give the JVM's with --class-path)")
                : ClassPathVersions.of(classPath, Path.of("").toAbsolutePath());
        Diagnoser.Result result = Diagnoser.of(read, span, List.of(), fixes, versions);
        PinsRecorded pins = given.jfr() == null ? PinsRecorded.none("no recording was given (--jfr FILE)")
                : pins(given.jfr(), null);
        Target who = new Target(dumps.getFirst().pid(), read.getLast().runtimeVersion(), null, null, false);
        for (int i = 0; i < dumps.size(); i++) {
            console.println("  " + dumps.get(i).path() + ": " + counts(read.get(i).counts(), null));
        }
        return new DiagnosedJvm(key(who), who, null, null, result.stillness(), result.found(), null, pins,
                dumps.stream().map(d -> d.path().toString()).toList(),
                given.jfr() == null ? null : given.jfr().toString(), List.of());
    }

    /** Seconds from the first dump to the last by their own times (when the JVM wrote them), else by the lab's clock. */
    private static double span(List<ThreadDump> dumps, long firstNanos, long lastNanos) {
        Double written = dumps.getLast().secondsAfter(dumps.getFirst());
        return written != null ? written : (lastNanos - firstNanos) / 1e9;
    }

    static ArmKey key(Target target) {
        String word = target.pid() == null ? "dumps" : "pid " + target.pid();
        return new ArmKey(null, ArmMode.label(word), null, null,
                Versions.feature(target.runtimeVersion()), Map.of());
    }

    private static ClassPathVersions versions(TargetJvm target) {
        if (target.commandLine() == null) {
            return ClassPathVersions.unknown("the command line of pid " + target.pid() + " could not be read");
        }
        List<String> classPath = target.commandLine().classPath();
        if (classPath.isEmpty()) {
            return ClassPathVersions.unknown("pid " + target.pid() + " names no class path on its command line");
        }
        Path base = target.commandLine().workingDir();
        return base == null ? ClassPathVersions.unknown("the working folder of pid " + target.pid() + " could not be read")
                : ClassPathVersions.of(classPath, base);
    }

    private Optional<ThreadDump> dump(TargetJvm target, SharedFolder folder, String file) throws InterruptedException,
            IOException {
        TargetJcmd.Result result = target.jcmd().run("Thread.dump_to_file", "-format=json",
                folder.theirs(file).toString());
        Path written = folder.ours(file);
        if (!result.ok() || !Files.isRegularFile(written)) {
            lastProblem = result.ok() ? "jcmd wrote no file" : result.problem();
            console.println("  no dump: " + lastProblem);
            return Optional.empty();
        }
        try {
            ThreadDump dump = ThreadDumpJson.parse(Files.readString(written)).withFile(file);
            // The JSON dump has no CPU time; Thread.print, right after it, gives each platform thread's.
            TargetJcmd.Result print = target.jcmd().run("Thread.print");
            if (print.ok()) {
                String kept = file.replaceFirst("\\.threads\\.json$", "") + ".print.txt";
                Files.writeString(folder.kept().resolve(kept), print.output());
                dump = dump.withCpuMs(ThreadPrint.cpuMs(print.output()));
            }
            return Optional.of(dump);
        } catch (IllegalArgumentException e) {
            console.println("  " + file + ": " + e.getMessage());
            return Optional.empty();
        }
    }

    private static SchedulerCounts schedulerCounts(TargetJcmd jcmd) throws InterruptedException {
        TargetJcmd.Result result = jcmd.run("Thread.vthread_scheduler");
        return result.ok() ? SchedulerCounts.parse(result.output()).orElse(null) : null;
    }

    static PinsRecorded pins(Path recording, Double thresholdMs) {
        return PinningRecording.read(recording).map(p -> new PinsRecorded(true, null, thresholdMs, p.events(),
                p.totalMs(), PinningSites.group(p.pinned(), Set.of())))
                .orElseGet(() -> PinsRecorded.none("the recording " + recording + " could not be read"));
    }

    static String counts(DumpCounts counts, SchedulerCounts scheduler) {
        String line = counts.virtualThreads() + " virtual threads, " + counts.pinnedCarriers() + " of "
                + counts.carriers() + " carriers pinned, " + counts.queuedVirtual() + " waiting for a carrier, "
                + counts.lockWaiters() + " waiting for a lock or monitor";
        return scheduler == null ? line : line + "; scheduler: " + scheduler.active() + " of " + scheduler.poolSize()
                + " carriers active, " + scheduler.queued() + " queued";
    }

    private static void sleepUntil(long nanoTime) throws InterruptedException {
        long wait = nanoTime - System.nanoTime();
        if (wait > 0) {
            Thread.sleep(Duration.ofNanos(wait));
        }
    }
}
