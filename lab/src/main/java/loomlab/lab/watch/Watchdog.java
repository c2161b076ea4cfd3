package loomlab.lab.watch;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import loomlab.core.Figures;
import loomlab.core.breakage.Breakage;
import loomlab.core.breakage.Diagnosis;
import loomlab.core.breakage.Hang;
import loomlab.core.breakage.Outcome;
import loomlab.core.breakage.SchedulerCounts;
import loomlab.core.breakage.Stall;
import loomlab.core.breakage.StallClassifier;
import loomlab.core.breakage.ThreadDump;
import loomlab.core.breakage.WatchReport;
import loomlab.core.experiment.Profile;
import loomlab.lab.process.HostTcp;
import loomlab.lab.report.verdict.BreakageWords;
import loomlab.load.IntervalSnapshot;
import loomlab.load.LiveRun;
import loomlab.load.LoadListener;
import loomlab.load.RunObserver;
import loomlab.load.RunSample;
import org.HdrHistogram.Histogram;

/**
 * Watches every run of one arm from the lab's side (warm-ups, measured runs, curve and capacity steps
 * alike) and catches what breaks while it happens. A hang: nothing answered for a while with requests
 * outstanding; two thread dumps are taken apart, classified, and the run is stopped, so a dead service
 * costs the lab seconds, not a request timeout per step. A stall: one request outstanding far longer
 * than the rest while they are answered; a dump a second while it lasts (a few per arm at most),
 * classified when it ends. It only samples the generator's counters a few times a second and dumps
 * only when set off, so a healthy arm pays for nothing but the samples. A stalled request whose
 * connection has carried no answer (still in its handshake, or connected with its last ACK dropped), in a
 * run whose listen overflows rose, was dropped at the listen backlog: the service never saw it, so it is
 * kept as a backlog drop and no dump is taken.
 */
public final class Watchdog implements RunObserver, LoadListener, AutoCloseable {
    private final WatchLimits limits;
    private final WatchedJvm jvm;
    private final Path dumpStem;
    private final Path resultsDir;
    private final Set<String> userPackages;
    private final PrintStream console;
    private final long startNanos = System.nanoTime();
    private final PassedMedian median = new PassedMedian();
    private final Thread thread;
    private final int cores = Runtime.getRuntime().availableProcessors();

    private volatile LiveRun current;
    private volatile boolean closed;
    private volatile Double expectedMs;
    private volatile Integer poolSize;
    private volatile Supplier<OptionalLong> listenOverflows = HostTcp::listenOverflows;
    private volatile OptionalLong overflowsAtRunStart = OptionalLong.empty();
    private volatile boolean warmingUp;
    private volatile Hang hang;
    private final List<Stall> stalls = new ArrayList<>();

    // The watchdog thread's own.
    private LiveRun watching;
    private Vigil vigil;
    private OpenStall stall;
    private int stallDumps;

    /**
     * @param dumpStem     dumps are written to {@code <stem>-hang-N.threads.json} and {@code <stem>-stallK-N.threads.json}
     * @param resultsDir   what the dumps' paths in the results are relative to
     * @param userPackages the service's own packages when known, to name its frames
     */
    public Watchdog(WatchLimits limits, WatchedJvm jvm, Path dumpStem, Path resultsDir, Set<String> userPackages,
                    PrintStream console) {
        this(limits, jvm, dumpStem, resultsDir, userPackages, console, true);
    }

    private Watchdog(WatchLimits limits, WatchedJvm jvm, Path dumpStem, Path resultsDir, Set<String> userPackages,
                     PrintStream console, boolean on) {
        this.limits = limits;
        this.jvm = jvm;
        this.dumpStem = dumpStem;
        this.resultsDir = resultsDir;
        this.userPackages = Set.copyOf(userPackages);
        this.console = console;
        this.thread = on ? Thread.ofPlatform().daemon(true).name("loomlab-watchdog").start(this::watch) : null;
    }

    /**
     * A watchdog that watches nothing, for measuring what watching costs: its arm reports that it was
     * not watched, never that nothing broke.
     */
    public static Watchdog off(PrintStream console) {
        return new Watchdog(WatchLimits.of(Profile.QUICK), null, Path.of("unwatched"),
                Path.of("."), Set.of(), console, false);
    }

    /** What one request should take when the arm has no median yet (an endpoint's known wait, an idle request). */
    public Watchdog expecting(Double millis) {
        this.expectedMs = millis;
        return this;
    }

    /** The platform pool's size the arm set (null: virtual threads, or none), which bounds how many threads a lock can hold up. */
    public Watchdog inPool(Integer threads) {
        this.poolSize = threads;
        return this;
    }

    /** Where the host's listen overflows are read from (tests give their own). */
    Watchdog readingListenOverflows(Supplier<OptionalLong> overflows) {
        this.listenOverflows = overflows;
        return this;
    }

    /**
     * The run last watched overloaded the service (a capacity step that failed its target): its answers
     * do not set the median the limits scale with, so they do not loosen for the rest of the arm.
     */
    public void overloaded() {
        median.overloaded();
    }

    public boolean hung() {
        return hang != null;
    }

    // --- RunObserver and LoadListener: the generator's threads ---

    /** Load whose figures are not kept: a warm-up, or a probe's load. */
    @FunctionalInterface
    public interface UnmeasuredLoad<T, E extends Exception> {
        T run() throws E;
    }

    /**
     * Runs load that is not measured (a warm-up, a probe's load): a stall that starts in it is kept as
     * the warm-up's, a cold start's cost rather than the measured service's. A hang is one whenever.
     */
    public <T, E extends Exception> T unmeasured(UnmeasuredLoad<T, E> load) throws E {
        warmingUp = true;
        try {
            return load.run();
        } finally {
            warmingUp = false;
        }
    }

    @Override
    public void started(LiveRun run) {
        median.runStarted();
        overflowsAtRunStart = listenOverflows.get();
        current = run;
    }

    @Override
    public void ended(LiveRun run) {
        if (current == run) {
            current = null;
        }
    }

    @Override
    public void onInterval(IntervalSnapshot interval) {
    }

    @Override
    public void onIntervalHistogram(double startSeconds, double endSeconds, Histogram latencyNanos) {
        median.record(latencyNanos);
    }

    /** What was seen: call after the arm's last run; stops the watch. */
    public WatchReport report() {
        close();
        if (thread == null) {
            return WatchReport.NOT_WATCHED;
        }
        synchronized (stalls) {
            Hang caught = hang;
            return caught != null ? new WatchReport(true, Outcome.HUNG, caught, stalls)
                    : WatchReport.completed(stalls);
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (thread == null) {
            return;
        }
        LockSupport.unpark(thread);
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    // --- the watchdog's thread ---

    private void watch() {
        try {
            while (!closed && hang == null) {
                LiveRun run = current;
                if (run != watching) {
                    switchTo(run);
                }
                if (run != null) {
                    check(run, run.sample());
                }
                LockSupport.parkNanos(WatchLimits.POLL.toNanos());
            }
            finishStall(System.nanoTime(), true);
        } catch (InterruptedException e) {
            // closing while a dump was under way: what was seen so far stands
        }
    }

    /** A new run (or none): its counters start again; a stall still open ended with the run. */
    private void switchTo(LiveRun run) {
        finishStall(System.nanoTime(), true);
        watching = run;
        vigil = new Vigil(limits);
    }

    private void check(LiveRun run, RunSample sample) throws InterruptedException {
        switch (vigil.next(sample, p50SoFar(), stallDumps < limits.maxDumps())) {
            case HANG -> {
                if (Vigil.silenceHeldByBacklog(sample, HostTcp.rise(overflowsAtRunStart, listenOverflows.get()),
                        vigil.silentNanos(sample), limits.hangAfterNanos(p50SoFar()))) {
                    // The kernel holds the oldest request at the listen backlog: a stall of the backlog's, no hang yet.
                    if (stall == null) {
                        openStall(sample, sample.oldestSentNanos(), false);
                    }
                } else {
                    caughtHanging(run, sample, vigil.silentNanos(sample));
                }
            }
            case STALL_ENDED -> finishStall(sample.nanoTime(), false);
            case DUMP -> {
                if (stall == null) {
                    openStall(sample, true);
                }
                if (stall.backlog == null) {
                    stallDumps++;
                    stall.dumped(dump("stall" + stall.number + "-" + (stall.dumps.size() + 1)), sample.inFlight());
                }
            }
            case WAIT, NONE -> {
                if (stall != null && !vigil.stalled() && (sample.inFlight() == 0
                        || sample.oldestSentNanos() != stall.sentNanos)) {
                    // A silence the backlog held (above) ends when its request is answered or gone.
                    finishStall(sample.nanoTime(), false);
                } else if (stall == null && vigil.stalled()) {
                    openStall(sample, false);
                }
            }
        }
    }

    /** A stall begins: a backlog drop when its request's connection carried no answer in a run whose overflows rose. */
    private void openStall(RunSample sample, boolean dumping) {
        openStall(sample, vigil.stalledSentNanos(), dumping);
    }

    /** The same for the request sent at {@code sentNanos}. */
    private void openStall(RunSample sample, long sentNanos, boolean dumping) {
        stall = new OpenStall(stallCount() + 1, sentNanos, sample.oldestPath(), warmingUp);
        long waitedMs = Math.round((sample.nanoTime() - sentNanos) / 1e6);
        Long rise = HostTcp.rise(overflowsAtRunStart, listenOverflows.get());
        if (Vigil.droppedAtBacklog(sample, rise)) {
            stall.backlog = new Breakage.BacklogDrop(rise, waitedMs, !sample.oldestConnecting());
            console.println("    " + (stall.inWarmup ? "in the warm-up, " : "") + "a request to " + sample.oldestPath()
                    + " has waited " + Figures.count(waitedMs) + " ms " + (sample.oldestConnecting()
                    ? "without a connection" : "on a fresh connection that carried no answer") + ", and the listen backlog"
                    + " overflowed " + Figures.count(rise) + " time(s) in this run: dropped there, so no thread dump");
        } else if (dumping) {
            console.println("    " + (stall.inWarmup ? "in the warm-up, " : "") + "a request to "
                    + sample.oldestPath() + " has waited " + Figures.count(waitedMs) + " ms while others are"
                    + " answered: thread dumps while it lasts");
        }
    }

    private int stallCount() {
        synchronized (stalls) {
            return stalls.size();
        }
    }

    /**
     * A dump, then a wait for the second: when answers come back meanwhile the silence was one long
     * request (one user waiting on a slow call answers nothing else), and it is kept as a stall; when
     * none does, the second dump, the classification, and the run is stopped: the arm ends as hung.
     */
    private void caughtHanging(LiveRun run, RunSample sample, long silentNanos) throws InterruptedException {
        finishStall(sample.nanoTime(), true);
        console.println("    no answer for " + Figures.num(silentNanos / 1e9) + " s with " + Figures.count(sample.inFlight())
                + " request(s) outstanding: a thread dump, and another in " + limits.confirmAfter().toSeconds()
                + " s unless answers come back");
        Taken first = dump("hang-1");
        Optional<RunSample> resumed = answersResume(run, sample);
        if (resumed.isPresent()) {
            OpenStall silence = new OpenStall(stallCount() + 1, sample.oldestSentNanos(), sample.oldestPath(), warmingUp);
            silence.dumped(first.renamed(dumpFile("stall" + silence.number + "-1")), sample.inFlight());
            stall = silence;
            finishStall(resumed.get().nanoTime(), false);
            console.println("    answers came back: a long wait, not a hang");
            vigil = new Vigil(limits);
            return;
        }
        Taken second = dump("hang-2");
        List<Taken> taken = List.of(first, second);
        Diagnosis classification = classify(taken, StallClassifier.Trigger.HANG, sample.inFlight());
        hang = new Hang((sample.nanoTime() - startNanos) / 1e9, silentNanos / 1e9, sample.inFlight(),
                vigil.answered(), classification, files(taken), schedulerOf(taken));
        console.println("    hung: " + BreakageWords.kinds(classification) + (classification.frames().isEmpty() ? ""
                : " at " + String.join(", ", classification.frames())));
        for (Breakage kind : classification.kinds()) {
            if (kind.chain() != null) {
                console.println("      " + BreakageWords.chain(kind.chain()));
            }
        }
        run.stop();
    }

    /** The run's sample once an answer came after {@code silent}, within the confirmation wait; empty if none did. */
    private Optional<RunSample> answersResume(LiveRun run, RunSample silent) throws InterruptedException {
        long deadline = System.nanoTime() + limits.confirmAfter().toNanos();
        while (System.nanoTime() - deadline < 0) {
            Thread.sleep(WatchLimits.POLL);
            RunSample now = run.sample();
            if (now.answered() > silent.answered()) {
                return Optional.of(now);
            }
        }
        return Optional.empty();
    }

    private void finishStall(long now, boolean endedWithRun) {
        if (stall == null) {
            return;
        }
        OpenStall ended = stall;
        stall = null;
        Diagnosis classification = ended.backlog != null ? Diagnosis.of(ended.backlog)
                : classify(ended.dumps, StallClassifier.Trigger.STALL, ended.inFlight);
        synchronized (stalls) {
            stalls.add(new Stall((ended.sentNanos - startNanos) / 1e9, (now - ended.sentNanos) / 1e6, ended.path,
                    classification, files(ended.dumps), schedulerOf(ended.dumps), endedWithRun, ended.inWarmup));
        }
    }

    private Diagnosis classify(List<Taken> taken, StallClassifier.Trigger trigger, int inFlight) {
        List<ThreadDump> dumps = taken.stream().map(t -> t.attempt().dump()).filter(d -> d != null).toList();
        if (dumps.isEmpty()) {
            String problem = taken.stream().map(t -> t.attempt().problem()).filter(p -> p != null).findFirst()
                    .orElse("no thread dump was taken (the limit of dumps per arm was reached)");
            return Diagnosis.of(new Breakage.Unclassified(problem, null));
        }
        List<SchedulerCounts> scheduler = taken.stream().map(Taken::scheduler).filter(s -> s != null).toList();
        StallClassifier.Context context = new StallClassifier.Context(trigger, inFlight, userPackages, poolSize, cores);
        List<Breakage> found = StallClassifier.classify(dumps, scheduler, context);
        OptionalInt busy = StallClassifier.poolFullyBusy(dumps, context);
        String reason = dumps.size() < 2 && trigger == StallClassifier.Trigger.STALL
                ? "one dump only: a slow call or a held carrier shows by a thread that stays where it is in two"
                : busy.isPresent() ? "the pool of " + poolSize + " had every thread at work in a dump ("
                + busy.getAsInt() + " in the service's code): with none idle, no dump can tell the thread that"
                + " held the slow request from the busy ones"
                : "the dumps fit no kind the lab knows";
        return Diagnosis.of(found, new Breakage.Unclassified(reason, dumps.getLast().counts()));
    }

    /**
     * A dump and the scheduler's counts beside it, read by a jcmd of their own started as the dump was
     * written: each jcmd costs a JVM's start, and the watch does not wait for this one before its next dump.
     */
    private record Taken(Path file, WatchedJvm.DumpAttempt attempt, CompletableFuture<SchedulerCounts> counts) {
        /** The counts, once read (jcmd is bounded); null when none were. */
        SchedulerCounts scheduler() {
            try {
                return counts.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            } catch (ExecutionException e) {
                return null;
            }
        }

        /** The same dump kept under another name; the old name is kept when the file cannot be moved. */
        Taken renamed(Path other) {
            if (attempt.dump() == null) {
                return this;
            }
            try {
                Files.move(file, other, StandardCopyOption.REPLACE_EXISTING);
                return new Taken(other, attempt, counts);
            } catch (IOException e) {
                return this;
            }
        }
    }

    private Path dumpFile(String name) {
        return dumpStem.resolveSibling(dumpStem.getFileName() + "-" + name + ".threads.json");
    }

    private Taken dump(String name) throws InterruptedException {
        Path file = dumpFile(name);
        WatchedJvm.DumpAttempt attempt = jvm.dump(file);
        // The scheduler's counts say nothing of a JVM with no virtual thread.
        CompletableFuture<SchedulerCounts> counts = new CompletableFuture<>();
        if (attempt.dump() == null || attempt.dump().virtualThreads().isEmpty()) {
            counts.complete(null);
        } else {
            Thread.ofVirtual().name("loomlab-watchdog-scheduler").start(() -> {
                try {
                    counts.complete(jvm.scheduler().orElse(null));
                } catch (InterruptedException e) {
                    counts.complete(null);
                } catch (RuntimeException e) {
                    counts.completeExceptionally(e);
                }
            });
        }
        if (attempt.problem() != null) {
            console.println("    " + attempt.problem());
        }
        return new Taken(file, attempt, counts);
    }

    private List<String> files(List<Taken> taken) {
        return taken.stream().filter(t -> t.attempt().dump() != null)
                .map(t -> resultsDir.toAbsolutePath().relativize(t.file().toAbsolutePath()).toString()).toList();
    }

    private static SchedulerCounts schedulerOf(List<Taken> taken) {
        return taken.stream().map(Taken::scheduler).filter(s -> s != null).reduce((a, b) -> b).orElse(null);
    }

    /** The median the limits scale with: of earlier runs that were not overloaded, else the expected time. */
    private Double p50SoFar() {
        return median.p50Ms(expectedMs);
    }

    /** A stall as it lasts. */
    private static final class OpenStall {
        final int number;
        final long sentNanos;
        final String path;
        final boolean inWarmup;
        final List<Taken> dumps = new ArrayList<>();
        int inFlight;
        /** Set when the request never got past the listen backlog: no dump is taken for it. */
        Breakage.BacklogDrop backlog;

        OpenStall(int number, long sentNanos, String path, boolean inWarmup) {
            this.number = number;
            this.sentNanos = sentNanos;
            this.path = path;
            this.inWarmup = inWarmup;
        }

        void dumped(Taken taken, int inFlightThen) {
            dumps.add(taken);
            inFlight = inFlightThen;
        }
    }
}
