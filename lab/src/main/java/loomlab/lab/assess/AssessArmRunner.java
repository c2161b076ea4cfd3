package loomlab.lab.assess;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import loomlab.core.Figures;
import loomlab.core.OneLine;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.WeightedRequest;
import loomlab.core.assess.ArmSetup;
import loomlab.core.assess.AssessArmPlan;
import loomlab.core.assess.AssessProfile;
import loomlab.core.assess.Capacity;
import loomlab.core.assess.CapacitySearch;
import loomlab.core.assess.CapacityStep;
import loomlab.core.assess.CommonRate;
import loomlab.core.assess.CurvePoint;
import loomlab.core.assess.DecidingWindows;
import loomlab.core.assess.PinningFigures;
import loomlab.core.assess.RateCosts;
import loomlab.core.assess.RecordedEvents;
import loomlab.core.assess.SearchSettings;
import loomlab.core.assess.ServiceCosts;
import loomlab.core.assess.SteadyRule;
import loomlab.core.assess.StepSeeds;
import loomlab.core.assess.ThreadsSeen;
import loomlab.core.assess.WarmupEvidence;
import loomlab.core.assess.WarmupWindow;
import loomlab.core.breakage.WatchReport;
import loomlab.core.pinning.PinningSites;
import loomlab.lab.database.ArmDatabases.ArmDatabase;
import loomlab.lab.database.ArmDatabases;
import loomlab.lab.database.DatabaseUnavailable;
import loomlab.lab.jfr.PinningRecording;
import loomlab.lab.load.ClosedModelEngine;
import loomlab.lab.load.LabClosedModel;
import loomlab.lab.process.ChildDied;
import loomlab.lab.process.ChildProcess;
import loomlab.lab.process.Folders;
import loomlab.lab.run.ArmRunner;
import loomlab.lab.run.ExperimentRunner;
import loomlab.lab.run.RunContext;
import loomlab.lab.servers.ServerJava;
import loomlab.lab.watch.Watchdog;
import loomlab.lab.watch.WatchedJvm;
import loomlab.load.Arrivals;
import loomlab.load.GeneratorLoops;
import loomlab.load.Request;
import loomlab.load.RequestMix;

/**
 * Runs one arm of an assessment: starts the service in its own supervised process, waits until it
 * is ready, sends each request of the mix once while it is idle, measures the closed-model curve and then the
 * capacity in the open model step by step as the search asks, reads what the service cost, stops
 * it politely (so its flight recording is written), and reads where it pinned. A service that dies
 * partway keeps what was measured. A path the idle service refuses ends the whole assessment: the
 * arms after it are not run.
 */
public final class AssessArmRunner implements ArmRunner<AssessArmPlan> {
    /** How long an overloaded service may take to work off what was queued in it. */
    static final Duration SETTLE_LIMIT = Duration.ofSeconds(15);
    /** The unmeasured load under which the threads are dumped once more when no earlier dump saw who serves. */
    static final Duration PROBE_LOAD = Duration.ofMillis(1500);
    /** The probe load's: it measures nothing, so the lab's own generator, where Locust would take seconds to launch. */
    private static final ClosedModelEngine PROBE_ENGINE = new LabClosedModel();

    private final ServiceLauncher launcher;
    private final List<WeightedRequest> requests;
    private final String readyPath;
    private final double sloP99Ms;
    private final AssessProfile profile;
    private final ClosedModelEngine curveEngine;
    private final Duration readyLimit;
    private final Arrivals arrivals;
    /** Poisson arrivals, each step's drawn from its run's seed ({@link StepSeeds}): the seed written here is never used. */
    public static final Arrivals POISSON = new Arrivals.Poisson(0);

    /** Why the assessment stopped at once (a path the idle service refused), or null. */
    private String refused;
    /**
     * Per JDK, why the service cannot run on it: its first arm there died with UnsupportedClassVersionError,
     * the JVM's own word that the classes need a newer Java. The JDK's other arms are not started.
     */
    private final Map<Integer, String> tooOld = new HashMap<>();
    /**
     * Per JDK and run, what the earlier arms' searches found: each later arm of the run measures one more
     * step, after its search, at the highest rate they all passed that it carries too ({@link CommonRate}),
     * so that the arms' costs can be set side by side at one rate every arm measured and carried.
     */
    private final Map<RunOnJdk, List<Capacity>> earlier = new HashMap<>();

    /** The arms of one run ({@code --repeat}) on one JDK: what they compare, they compare within it. */
    private record RunOnJdk(Integer jdk, int run) {
        static RunOnJdk of(AssessArmPlan plan, RunContext context) {
            return new RunOnJdk(plan.jdk(), context.arm() == null ? 1 : context.arm().run());
        }
    }
    /** A common rate set before any arm runs (the reactive experiment's), or null to take the lowest capacity. */
    private Double fixedCommonRate;
    /** The assessment's own database ({@code --postgres}): a fresh copy per arm; null without one. */
    private ArmDatabases databases;
    /** A closed-model run before the curve, unmeasured, so a fresh JVM's JIT is done first; null for none. */
    private Warmup warmup;
    /** Whether the arms of one JDK and run are measured side by side ({@link #withSideBySide}). */
    private boolean sideBySide;

    /** How long and at how many users the service is driven before anything is measured. */
    public record Warmup(Duration length, int users) {
        public Warmup {
            if (length.isNegative() || length.isZero() || users < 1) {
                throw new IllegalArgumentException("a warm-up runs for some time with some users: " + length + ", "
                        + users);
            }
        }
    }

    /**
     * @param requests   the mix, each request sent as it is
     * @param readyPath  polled with a GET until it answers 2xx before anything is measured
     * @param readyLimit how long a service may take to become ready
     * @param arrivals   how the capacity steps space their arrivals; Poisson arrivals are drawn afresh for each
     *                   step from its run's seed ({@link StepSeeds}), so the seed of the one given is not used
     *                   ({@link #POISSON})
     */
    public AssessArmRunner(ServiceLauncher launcher, List<WeightedRequest> requests, String readyPath, double sloP99Ms,
                           AssessProfile profile, ClosedModelEngine curveEngine, Duration readyLimit,
                           Arrivals arrivals) {
        this.launcher = launcher;
        this.requests = List.copyOf(requests);
        this.readyPath = readyPath;
        this.sloP99Ms = sloP99Ms;
        this.profile = profile;
        this.curveEngine = curveEngine;
        this.readyLimit = readyLimit;
        this.arrivals = arrivals;
    }

    /**
     * Every arm measures its costs at this one rate, whatever the capacities: arms that run in any
     * order then share it, and an arm that cannot carry it fails the step there, which its costs say.
     * The capacity search starts at it, so the costs come from the search's first step: a warm-up
     * ({@link #withWarmup}) keeps that step from measuring the JIT.
     */
    public AssessArmRunner withCommonRate(double rps) {
        if (!(rps > 0)) {
            throw new IllegalArgumentException("a common rate is positive, got " + rps);
        }
        this.fixedCommonRate = rps;
        return this;
    }

    /**
     * Gives every arm a fresh copy of the assessment's template database ({@code --postgres}), dropped once
     * its service has stopped, and charges the server's CPU and memory to the database.
     */
    public AssessArmRunner withDatabases(ArmDatabases databases) {
        this.databases = databases;
        return this;
    }

    /**
     * Drives each arm's service for {@code warmup} before its curve, unmeasured: a fresh JVM compiles
     * its hot paths in its first thousands of requests, and a step measured during that measures the
     * compiler. A search step failed while the JVM was cold would bound the capacity for good.
     */
    public AssessArmRunner withWarmup(Warmup warmup) {
        this.warmup = warmup;
        return this;
    }

    /** The requests and their weights as the generator mixes them. */
    static RequestMix mix(List<WeightedRequest> requests) {
        return RequestMix.ofRequests(requests.stream().map(AssessArmRunner::request).toList(),
                requests.stream().map(WeightedRequest::weight).toList());
    }

    /** One request as the generator sends it. */
    static Request request(WeightedRequest request) {
        return new Request(request.method(), request.path(), request.headers().stream()
                .map(h -> new Request.Header(h.name(), h.value())).toList(), request.body());
    }

    /**
     * Where a service that an overloaded step left behind is probed until it is quick again: the mix's first
     * GET (a write would change what the next step meets), else the ready path.
     */
    private String settlePath() {
        return requests.stream().filter(WeightedRequest::isGet).map(WeightedRequest::path).findFirst()
                .orElse(readyPath);
    }

    @Override
    public ArmResult run(AssessArmPlan plan, RunContext context) throws InterruptedException {
        return runSideBySide(List.of(plan), List.of(context)).getFirst();
    }

    /** The arms of one JDK and one run go side by side: their services live at once, their steps alternate. */
    @Override
    public boolean sideBySide() {
        return sideBySide;
    }

    /**
     * Measures the arms side by side ({@code assess}): each service started and warmed in turn, then their
     * curves, then their capacity searches step by step in turn, so that the machine's drift falls on every
     * arm, then the windows at the rate that decides between two capacities ({@link DecidingWindows}), each
     * arm's in turn; the reactive experiment, whose arms compare at one rate fixed beforehand, keeps one arm
     * at a time.
     */
    public AssessArmRunner withSideBySide() {
        this.sideBySide = true;
        return this;
    }

    /**
     * Runs {@code plans} together, each with its context: every service is started before any is measured,
     * and each phase goes arm by arm. An arm that could not start is failed or skipped as alone; one that dies
     * or hangs keeps what it measured and leaves the others to go on.
     */
    @Override
    public List<ArmResult> runSideBySide(List<AssessArmPlan> plans, List<RunContext> contexts)
            throws InterruptedException {
        ArmResult[] results = new ArmResult[plans.size()];
        List<Arm> arms = new ArrayList<>();
        try {
            for (int i = 0; i < plans.size(); i++) {
                switch (open(plans.get(i), contexts.get(i))) {
                    case Arm arm -> {
                        arm.index = i;
                        arms.add(arm);
                    }
                    case NotOpened not -> results[i] = not.result();
                }
            }
            warmUpTogether(arms);
            for (Arm arm : arms) {
                arm.phase(a -> beforeSearch(a.plan, a.service, a.progress, a.measured, a.watch, a.probe, a.mix));
            }
            searchInTurn(arms);
            decide(arms);
            commonInTurn(arms);
            for (Arm arm : arms) {
                arm.phase(a -> {
                    lookAgain(a.plan, a.service, a.progress, a.measured, a.watch, a.probe, a.mix);
                    return true;
                });
            }
        } finally {
            closeAll(arms);
        }
        for (Arm arm : arms) {
            Optional<PinningRecording.Pinning> pinning = read(arm.log.getParent(), arm.stem);
            AssessArmResult result = result(arm.plan, arm.java, arm.launch, arm.measured, pinning);
            results[arm.index] = arm.measured.deciding == null ? result : result.withDeciding(arm.measured.deciding);
        }
        return List.of(results);
    }

    /**
     * One arm's service started, ready and watched, or the arm's result when it could not be: skipped (the
     * assessment was refused, or the JDK is too old for the service) or failed (with the reason).
     */
    private Opened open(AssessArmPlan plan, RunContext context) throws InterruptedException {
        if (refused != null) {
            return new NotOpened(FailedArm.skipped(plan, "not run: the assessment stopped when " + refused));
        }
        if (plan.jdk() != null && tooOld.containsKey(plan.jdk())) {
            return new NotOpened(FailedArm.skipped(plan, tooOld.get(plan.jdk())));
        }
        Arm arm = new Arm(plan, context);
        deleteRecordings(arm.log.getParent(), arm.stem);
        try {
            launcher.prepare(plan, arm.java, arm.log);
            // Every arm starts from the template's rows, whatever the arms before it wrote.
            arm.database = databases == null ? null : databases.fresh(plan.name());
            int port = freePort();
            Path temporary = arm.log.toAbsolutePath().resolveSibling(arm.stem + "-tmp");
            Path recording = arm.log.resolveSibling(arm.stem + "-%p.jfr");
            prepareScratch(plan, arm, temporary);
            arm.launch = launcher.launch(plan, port, arm.java, recording, context.outDir(), temporary, arm.database);
            ChildProcess child = context.processes().start("service (" + plan.mode() + ")", arm.launch.command(),
                    arm.log, arm.launch.environment(), temporary);
            // The JVM names its recording after its pid (%p): the lab's servers are the JVM itself.
            Path ownRecording = Path.of(recording.toString().replace("%p", String.valueOf(child.pid())));
            Pattern written = launcher.saysRecordingWritten() ? PinningRecording.writtenLine(ownRecording) : null;
            arm.service = new ServiceProcess(child, URI.create("http://127.0.0.1:" + port + "/"), written);
            arm.service.awaitReady(readyPath, readyLimit);
            arm.service.tryRequests(requests.stream().map(AssessArmRunner::request).distinct().toList());
            arm.service.sampleUsage(databases == null ? null : databases::memoryMb);
            WatchedJvm jvm = WatchedJvm.jcmd(arm.java.jcmd(), ProcessTree.jvm(arm.service.pid()), arm.java.feature());
            arm.watch = context.watchdog(plan.key(), jvm, launcher.userPackages());
            arm.probe = new SwitchProbe(jvm, context, plan, launcher.userPackages());
            arm.watch.expecting(arm.service.aloneMs());
            return arm;
        } catch (ServiceProcess.PathRefused e) {
            arm.abandon();
            refused = e.getMessage();
            return new NotOpened(FailedArm.failed(plan, e.getMessage()));
        } catch (ChildDied e) {
            arm.abandon();
            String needsNewer = needsNewerJava(plan, arm.log, e.getMessage());
            if (needsNewer != null) {
                tooOld.put(plan.jdk(), needsNewer);
                context.console().println("loomlab: note: " + needsNewer);
                return new NotOpened(FailedArm.skipped(plan, needsNewer));
            }
            return new NotOpened(FailedArm.failed(plan, e.getMessage()));
        } catch (IOException e) {
            arm.abandon();
            return new NotOpened(FailedArm.failed(plan, "could not start the service: " + e.getMessage()));
        } catch (DatabaseUnavailable e) {
            arm.abandon();
            return new NotOpened(FailedArm.failed(plan, "could not give the arm its copy of the template database: "
                    + e.getMessage()));
        } catch (RuntimeException | Error e) {
            arm.abandon();
            throw e;
        }
    }

    /**
     * What the service needs in its scratch folder before it starts (an extracted jar); a folder left half
     * filled by a failure is deleted here, since no process was started to delete it on its way out.
     */
    private void prepareScratch(AssessArmPlan plan, Arm arm, Path temporary) throws IOException,
            InterruptedException {
        try {
            launcher.prepareScratch(plan, arm.java, temporary, arm.log);
        } catch (IOException | InterruptedException | RuntimeException e) {
            Folders.deleteQuietly(temporary);
            throw e;
        }
    }

    /** What starting an arm gave: the arm to measure, or its result without a service. */
    private sealed interface Opened permits Arm, NotOpened {
    }

    /** An arm skipped or failed before its service could be measured. */
    private record NotOpened(ArmResult result) implements Opened {
    }

    /** Every arm's service stopped, the next one's too where one fails to stop, the first failure thrown. */
    private static void closeAll(List<Arm> arms) {
        RuntimeException first = null;
        for (Arm arm : arms) {
            try {
                arm.close();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /** One arm being measured: its service, its watchdog, and what it measured so far. */
    private final class Arm implements Opened {
        final AssessArmPlan plan;
        final RunContext context;
        final ServerJava java;
        final AssessProgress progress;
        final Path log;
        final String stem;
        final Measured measured;
        final RequestMix mix = mix(requests);
        int index;
        ServiceLauncher.Launch launch;
        ArmDatabase database;
        ServiceProcess service;
        Watchdog watch;
        SwitchProbe probe;
        /** False once the service died or hung: nothing more is offered to it. */
        boolean measuring = true;
        CapacitySearch search;
        Double alone;
        boolean searched;

        Arm(AssessArmPlan plan, RunContext context) {
            this.plan = plan;
            this.context = context;
            this.java = context.javaFor(plan.jdk());
            AssessProgress plain = new AssessProgress(context.console(), context.live());
            this.progress = sideBySide ? plain.naming(plan.name()) : plain;
            this.log = context.logFile(plan.name(), "service");
            this.stem = log.getFileName().toString().replaceFirst("\\.log$", "");
            this.measured = new Measured(RunOnJdk.of(plan, context), context.arm() != null
                    ? context.arm().arrivalsSeed() : ExperimentRunner.drawSeed());
        }

        /**
         * One phase of this arm while it is still measuring: false from the phase, or a hang, ends its
         * measuring; a service that died keeps what came before, with the reason.
         */
        void phase(Phase phase) throws InterruptedException {
            if (!measuring) {
                return;
            }
            try {
                if (!phase.run(this) || watch.hung()) {
                    measuring = false;
                }
            } catch (ChildDied e) {
                measured.failure = e.getMessage();
                measured.died = true;
                measuring = false;
                progress.note("the service stopped: " + OneLine.of(e.getMessage()));
            }
        }

        /** The watchdog's report and the service's peaks kept, then the service stopped and its copy dropped. */
        void close() {
            try {
                if (watch != null) {
                    watch.close();
                    measured.watch = watch.report();
                }
                measured.peakThreads = service.peakThreads();
                measured.peakRssMb = service.peakRssMb();
                measured.databasePeakMb = service.databasePeakMb();
            } finally {
                try {
                    service.close();
                } finally {
                    dropQuietly(database);
                }
            }
        }

        /** An arm that could not start: whatever did start stops, and its copy of the database goes. */
        void abandon() {
            try {
                if (watch != null) {
                    watch.close();
                }
                if (service != null) {
                    service.close();
                }
            } finally {
                dropQuietly(database);
            }
        }
    }

    /** A phase of an arm's measuring: false when the service hung in it, which ends the arm. */
    @FunctionalInterface
    private interface Phase {
        boolean run(Arm arm) throws InterruptedException;
    }

    /**
     * Every arm's capacity search, one step of each in turn until every search is done; then, per arm, the
     * step at a common rate (below). Where a single arm runs, this is its search alone.
     */
    private void searchInTurn(List<Arm> arms) throws InterruptedException {
        for (Arm arm : arms) {
            arm.phase(a -> {
                // A common rate set in advance is one every arm is meant to carry: the search starts there, and
                // so measures the costs there on its way.
                OptionalDouble saturation = CapacitySearch.saturationFrom(a.measured.curve);
                a.search = new CapacitySearch(searchSettings(), fixedCommonRate != null ? fixedCommonRate
                        : CapacitySearch.startFrom(a.measured.curve, sloP99Ms, 10), saturation);
                if (saturation.isPresent()) {
                    a.progress.note("the curve flattened at " + Figures.num(saturation.getAsDouble()) + " req/s: the"
                            + " climb past it grows by " + CapacitySearch.PAST_SATURATION + "x, not "
                            + Figures.num(searchSettings().growth()) + "x");
                }
                a.alone = a.measured.curve.isEmpty() ? null : a.measured.curve.getFirst().p50Ms();
                return true;
            });
        }
        boolean stepped = true;
        while (stepped) {
            stepped = false;
            for (Arm arm : arms) {
                if (!arm.measuring || arm.searched) {
                    continue;
                }
                Optional<Double> rate = arm.search.next(arm.measured.steps);
                if (rate.isEmpty()) {
                    arm.searched = true;
                    continue;
                }
                stepped = true;
                arm.phase(a -> step(a.plan, a.service, a.progress, a.measured, a.watch, a.search, rate.get(),
                        a.alone));
            }
        }
        if (fixedCommonRate != null || arms.size() == 1) {
            for (Arm arm : arms) {
                arm.phase(a -> afterSearch(a.plan, a.service, a.progress, a.measured, a.watch, a.search, a.alone));
            }
        }
    }

    /**
     * Arms side by side set their costs beside each other at one rate measured at the same point of their
     * lives: after both searches and the deciding windows, one more step each, in turn, at
     * {@link CommonRate#SHARE} of the lower capacity (a rate both carry, away from the edge where one more
     * draw could fail). Nothing where an arm has no capacity or fewer than two are still measuring.
     */
    private void commonInTurn(List<Arm> arms) throws InterruptedException {
        List<Arm> live = arms.stream().filter(a -> a.measuring && a.search != null).toList();
        if (fixedCommonRate != null || live.size() < 2) {
            return;
        }
        Optional<Double> rate = CommonRate.below(live.stream().map(a -> a.search.result(a.measured.steps)).toList());
        if (rate.isEmpty()) {
            return;
        }
        new AssessProgress(live.getFirst().context.console(), live.getFirst().context.live()).note("one more step"
                + " each at " + Figures.num(rate.get()) + " req/s, below the lower capacity, so that the arms' costs"
                + " compare at one rate at the same point of their lives");
        for (Arm arm : live) {
            arm.phase(a -> step(a.plan, a.service, a.progress, a.measured, a.watch, a.search, rate.get(), a.alone));
        }
    }

    /**
     * Where two arms' capacities lie apart, the rate the lower one failed offered to each in turn, window after
     * window ({@link DecidingWindows}), so that one run's brackets are tested by several draws of each arm
     * measured under the same conditions, between the platform arm and the virtual arm as the service was
     * given ({@link DecidingWindows#pair}); nothing where they overlap, where either has stopped measuring,
     * or where the profile asks for no windows. An arm that dies or hangs there ends the windows.
     */
    private void decide(List<Arm> arms) throws InterruptedException {
        List<Arm> live = DecidingWindows.pair(arms.stream().filter(a -> a.measuring && a.search != null).toList(),
                a -> a.plan);
        if (profile.windows() == 0 || live.size() != 2) {
            return;
        }
        Optional<Double> rate = DecidingWindows.rate(live.get(0).search.result(live.get(0).measured.steps),
                live.get(1).search.result(live.get(1).measured.steps));
        if (rate.isEmpty()) {
            return;
        }
        new AssessProgress(live.getFirst().context.console(), live.getFirst().context.live()).note(profile.windows()
                + " windows each at " + Figures.num(rate.get())
                + " req/s, the rate between the two capacities, offered to each arm in turn");
        Map<Arm, List<Capacity.TriedStep>> windows = new HashMap<>();
        for (int w = 1; w <= profile.windows(); w++) {
            for (Arm arm : live) {
                if (live.stream().anyMatch(a -> !a.measuring)) {
                    return; // windows of one arm alone decide nothing
                }
                int number = w;
                arm.phase(a -> {
                    Capacity.TriedStep window = window(a, rate.get(), number);
                    if (a.watch.hung()) {
                        return false;
                    }
                    windows.computeIfAbsent(a, x -> new ArrayList<>()).add(window);
                    return true;
                });
            }
        }
        if (live.stream().allMatch(a -> a.measuring && windows.getOrDefault(a, List.of()).size()
                == profile.windows())) {
            live.forEach(a -> a.measured.deciding = new DecidingWindows(rate.get(), windows.get(a)));
        }
    }

    /** One deciding window: a step at the rate, on arrivals of their own, settled after as any failed step is. */
    /**
     * With the assessment's own database ({@code --postgres}), its dirty buffers written out before a step, so
     * that the database CPU read over the step is the step's own work, not the flush of what the other arm's
     * step wrote. A checkpoint that fails is said and the step goes on.
     */
    private void checkpoint(AssessProgress progress) {
        if (databases == null) {
            return;
        }
        try {
            databases.checkpoint();
        } catch (DatabaseUnavailable e) {
            progress.note("the database's CHECKPOINT before the step failed (" + OneLine.of(e.getMessage())
                    + "): its CPU over the step may hold writes of the step before");
        }
    }

    private Capacity.TriedStep window(Arm arm, double rate, int number) throws InterruptedException {
        checkpoint(arm.progress);
        Long seed = arrivals instanceof Arrivals.Poisson ? StepSeeds.of(arm.measured.runSeed,
                StepSeeds.occurrence(arm.measured.steps, rate) + number) : null;
        OpenModelStep steps = new OpenModelStep(arm.service.base(), mix(requests), sloP99Ms, seed == null ? arrivals
                : new Arrivals.Poisson(seed)).withDatabase(databases == null ? null : databases::cpuSeconds);
        CapacityStep window = steps.measure(rate, profile.stepWarmup(), profile.stepLength(sloP99Ms, rate), arm.alone,
                arm.service.pid(), arm.progress.during(arm.plan.name(), "deciding window " + number + ", "
                        + Figures.num(rate) + " req/s"), arm.watch).withArrivalsSeed(seed);
        Capacity.Outcome outcome = new CapacitySearch(searchSettings(), 1).judge(window);
        if (arm.watch.hung()) {
            return new Capacity.TriedStep(window, outcome);
        }
        arm.service.requireAlive();
        boolean passed = outcome == Capacity.Outcome.PASSED;
        if (!passed) {
            arm.watch.overloaded();
        }
        arm.progress.note("deciding window " + number + " at " + Figures.num(rate) + " req/s: p99 "
                + (window.p99Ms() == null ? "none" : Figures.num(window.p99Ms()) + " ms") + (passed ? ""
                : ", over the target or with errors"));
        if (!passed && arm.alone != null && !arm.service.settle(settlePath(), arm.alone, SETTLE_LIMIT)) {
            arm.progress.note("the service was still slower than alone " + SETTLE_LIMIT.toSeconds()
                    + " s after the window; the next one starts anyway");
        }
        return new Capacity.TriedStep(window, outcome);
    }

    /**
     * Why a service that died at its start cannot run on the arm's JDK, when the JVM said so
     * (UnsupportedClassVersionError, with the class-file version it met); null for any other death.
     */
    static String needsNewerJava(AssessArmPlan plan, Path log, String failure) {
        String text = failure;
        try {
            text = Files.isRegularFile(log) ? Files.readString(log) + "\n" + failure : failure;
        } catch (IOException | UncheckedIOException e) {
            // the failure's own tail is all there is
        }
        Matcher found = Pattern.compile("UnsupportedClassVersionError.*?class file version (\\d+)")
                .matcher(text);
        if (plan.jdk() == null || !text.contains("UnsupportedClassVersionError")) {
            return null;
        }
        String needs = found.find() ? "Java " + ClassVersions.release((int) Double.parseDouble(found.group(1)))
                + " (class-file version " + found.group(1) + ")" : "a newer Java";
        return "the service's classes need " + needs + ": it failed to start on JDK " + plan.jdk()
                + " with UnsupportedClassVersionError, so its arms run on the other JDKs only";
    }

    /** An arm's copy goes once its service has stopped; a server that died takes it with it. */
    private void dropQuietly(ArmDatabase database) {
        if (database == null) {
            return;
        }
        try {
            databases.drop(database);
        } catch (DatabaseUnavailable e) {
            // The server is gone or going: its folder, the copy in it, goes when it closes.
        }
    }

    /** The service's own message when a path failed at once, or null. */
    public String refused() {
        return refused;
    }

    /** What one arm measured, filled in as it goes so a service that dies keeps what came before. */
    private static final class Measured {
        final RunOnJdk run;
        /** The run's seed, from which each step's Poisson arrivals are drawn. */
        final long runSeed;
        final List<CurvePoint> curve = new ArrayList<>();
        final List<CapacityStep> steps = new ArrayList<>();
        String failure;
        boolean died;
        Long peakThreads;
        Double peakRssMb;
        Double databasePeakMb;
        WatchReport watch = WatchReport.NOT_WATCHED;
        ThreadsSeen switched;
        /** What the warm-up to a steady state showed, or null when the profile has none. */
        WarmupEvidence warmup;
        /** Its warm-up gave way to an earlier arm's, on a full machine, and goes on alone ({@link #warmUpTogether}). */
        boolean gaveWay;
        /** Its windows at the rate that decided between two capacities, or null. */
        DecidingWindows deciding;

        Measured(RunOnJdk run, long runSeed) {
            this.run = run;
            this.runSeed = runSeed;
        }
    }

    /**
     * Every arm warmed to its steady state at once, each on a thread of its own, when the profile has a steady
     * rule and more than one arm is measuring: a warm-up's load is light for many services (its users wait on
     * the service's answers) and most of its time goes to waiting for the JIT to finish, which the arms can do
     * together, where warming them in turn adds their warm-ups up. Each arm's own evidence decides its end,
     * read from its own JVM's counters and CPU. Where a window finds the machine full while an earlier arm
     * still warms, the later arm gives way ({@link SteadyWarmup#runBeside}): two warm-ups that share cores one
     * of them needs slow both JIT's, and neither settles. It warms alone once the arms before it are done, its
     * own windows deciding. An arm alone is warmed before its curve ({@link #beforeSearch}).
     */
    private void warmUpTogether(List<Arm> arms) throws InterruptedException {
        List<Arm> live = arms.stream().filter(a -> a.measuring).toList();
        if (profile.steady() == null || live.size() < 2) {
            return;
        }
        new AssessProgress(live.getFirst().context.console(), live.getFirst().context.live()).note("the arms warm"
                + " at once, each until its own evidence says steady; a later arm gives way where the machine is"
                + " full, and warms alone after");
        List<AtomicBoolean> warming = live.stream().map(a -> new AtomicBoolean(true)).toList();
        List<Thread> threads = new ArrayList<>();
        List<RuntimeException> thrown = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < live.size(); i++) {
            Arm arm = live.get(i);
            List<AtomicBoolean> earlier = warming.subList(0, i);
            BooleanSupplier othersWarming = i == 0 ? null : () -> earlier.stream().anyMatch(AtomicBoolean::get);
            // Only the first arm's line is rewritten on a terminal: two would overwrite each other.
            AssessProgress progress = i == 0 ? arm.progress : arm.progress.quiet();
            AtomicBoolean mine = warming.get(i);
            threads.add(Thread.ofPlatform().name("warm-up " + arm.plan.name()).start(() -> {
                try {
                    arm.phase(a -> warmUp(a.plan, a.service, progress, a.measured, a.watch, a.probe, a.mix,
                            profile.steady(), othersWarming));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (RuntimeException e) {
                    thrown.add(e);
                } finally {
                    mine.set(false);
                }
            }));
        }
        try {
            for (Thread thread : threads) {
                thread.join();
            }
        } catch (InterruptedException e) {
            threads.forEach(Thread::interrupt);
            for (Thread thread : threads) {
                thread.join(Duration.ofSeconds(30));
            }
            throw e;
        }
        if (!thrown.isEmpty()) {
            throw thrown.getFirst();
        }
        // Those that gave way warm alone, in turn, each going on from the windows it had read.
        for (Arm arm : live) {
            if (arm.measured.gaveWay) {
                arm.phase(a -> warmUp(a.plan, a.service, a.progress, a.measured, a.watch, a.probe, a.mix,
                        profile.steady(), null));
            }
        }
    }

    /**
     * The warm-up to a steady state, with the dumps that look at who serves; false when the service hung. Beside
     * other arms' warm-ups ({@code othersWarming} not null) it may give way to them, to go on later
     * ({@link Measured#gaveWay}); one that gave way before goes on from its windows.
     */
    private static boolean warmUp(AssessArmPlan plan, ServiceProcess service, AssessProgress progress,
                                  Measured measured, Watchdog watch, SwitchProbe probe, RequestMix mix,
                                  SteadyRule rule, BooleanSupplier othersWarming) throws InterruptedException {
        probe.duringWarmup();
        List<WarmupWindow> before = measured.warmup == null ? List.of() : measured.warmup.windows();
        SteadyWarmup.Ended ended = watch.unmeasured(() -> SteadyWarmup.runBeside(service.base(), mix, rule,
                service.pid(), progress.during(plan.name(), "warm-up until steady, " + rule.users() + " users"), watch,
                before, othersWarming));
        measured.warmup = ended.evidence();
        measured.gaveWay = ended.gaveWayAtCores() != null;
        measured.switched = probe.seen();
        if (watch.hung()) {
            return false;
        }
        service.requireAlive();
        if (measured.gaveWay) {
            progress.note("warm-up gave way after " + Figures.num(measured.warmup.seconds()) + " s: the machine was"
                    + " full (" + Figures.num(ended.gaveWayAtCores()) + " of its " + Runtime.getRuntime()
                    .availableProcessors() + " cores busy) while an earlier arm warmed; it warms alone after");
        } else {
            progress.note(AssessProgress.warmedUp(measured.warmup));
        }
        return true;
    }

    /**
     * The warm-up (unless {@link #warmUpTogether} gave it already) and the curve, with the dumps every arm
     * gets; false when the service hung.
     */
    private boolean beforeSearch(AssessArmPlan plan, ServiceProcess service, AssessProgress progress,
                                 Measured measured, Watchdog watch, SwitchProbe probe, RequestMix mix)
            throws InterruptedException {
        SteadyRule rule = profile.steady();
        if (rule != null) {
            if (measured.warmup == null && !warmUp(plan, service, progress, measured, watch, probe, mix, rule,
                    null)) {
                return false;
            }
        } else if (warmup != null) {
            probe.duringWarmup();
            watch.unmeasured(() -> curveEngine.measure(service.base(), mix, warmup.users(), warmup.length(),
                    Duration.ofMillis(200), progress.during(plan.name(), "warm-up, " + warmup.users() + " users"),
                    watch));
            measured.switched = probe.seen();
            if (watch.hung()) {
                return false;
            }
            service.requireAlive();
            progress.note("warmed up for " + warmup.length().toMillis() / 1000.0 + " s at " + warmup.users()
                    + " users (not measured)");
        }
        for (int users : profile.curveUsers()) {
            boolean probing = users == profile.curveUsers().getLast() && SwitchProbe.dumpsInLastCurveStep(warmup != null || rule != null);
            if (probing) {
                probe.during(profile.curveWarmup(), profile.curveStep());
            }
            CurvePoint point = curveEngine.measure(service.base(), mix, users, profile.curveWarmup(),
                    profile.curveStep(), progress.during(plan.name(), "curve, " + users + " users"), watch);
            if (probing) {
                measured.switched = probe.seen();
            }
            if (watch.hung()) {
                return false;
            }
            service.requireAlive();
            measured.curve.add(point);
            progress.curveStep(point);
        }
        return true;
    }

    /**
     * After an arm's search, the step at a common rate: where a rate was fixed beforehand and the search did
     * not measure it, that rate; else where an earlier arm of the run found one ({@link CommonRate}), the
     * highest rate every earlier arm carried. False when the service hung.
     */
    private boolean afterSearch(AssessArmPlan plan, ServiceProcess service, AssessProgress progress, Measured measured,
                                Watchdog watch, CapacitySearch search, Double alone) throws InterruptedException {
        Capacity capacity = search.result(measured.steps);
        if (fixedCommonRate != null) {
            // The search started there. Not measured again after it: a step that follows an overloaded
            // one measures what the overload left behind (queues still draining), not the rate.
            boolean measuredThere = measured.steps.stream().anyMatch(s -> Math.abs(s.rateRps() / fixedCommonRate - 1)
                    <= AssessProfile.PRECISION && search.judge(s) != Capacity.Outcome.NOT_OFFERED);
            return measuredThere || step(plan, service, progress, measured, watch, search, fixedCommonRate, alone);
        }
        List<Capacity> before = earlier.computeIfAbsent(measured.run, run -> new ArrayList<>());
        Optional<Double> common = CommonRate.forLaterArm(before, capacity);
        if (common.isPresent()) {
            progress.note("one more step at " + Figures.num(common.get()) + " req/s, a rate every earlier arm carried,"
                    + " so that their costs compare at one rate");
            if (!step(plan, service, progress, measured, watch, search, common.get(), alone)) {
                return false;
            }
        }
        before.add(search.result(measured.steps));
        return true;
    }

    /**
     * When no dump has yet shown who serves (on a loaded machine a dump can land after a short step's last
     * request), threads dumped once more under a short load of their own at the curve's last users: after
     * the search, so that an arm looked at again meets no load before its search that another did not.
     */
    private void lookAgain(AssessArmPlan plan, ServiceProcess service, AssessProgress progress, Measured measured,
                           Watchdog watch, SwitchProbe probe, RequestMix mix) throws InterruptedException {
        if (!SwitchProbe.worthAnotherLook(plan, measured.switched) || profile.curveUsers().isEmpty()) {
            return;
        }
        int users = profile.curveUsers().getLast();
        probe.duringProbeLoad();
        watch.unmeasured(() -> PROBE_ENGINE.measure(service.base(), mix, users, PROBE_LOAD,
                Duration.ofMillis(200), progress.during(plan.name(), "thread probe, " + users + " users"), watch));
        measured.switched = probe.seen();
        if (watch.hung()) {
            return;
        }
        service.requireAlive();
        progress.note("threads dumped under " + PROBE_LOAD.toMillis() / 1000.0 + " s of unmeasured load at "
                + users + " users after the search: the earlier dumps saw no thread serving");
    }

    /**
     * One capacity step; false when the service hung in it, which ends the arm. Its Poisson arrivals are
     * drawn from the run's seed and how many steps at the rate came before ({@link StepSeeds}).
     */
    private boolean step(AssessArmPlan plan, ServiceProcess service, AssessProgress progress, Measured measured,
                         Watchdog watch, CapacitySearch search, double rate, Double alone)
            throws InterruptedException {
        int number = measured.steps.size() + 1;
        checkpoint(progress);
        Long seed = arrivals instanceof Arrivals.Poisson ? StepSeeds.of(measured.runSeed,
                StepSeeds.occurrence(measured.steps, rate)) : null;
        OpenModelStep steps = new OpenModelStep(service.base(), mix(requests), sloP99Ms, seed == null ? arrivals
                : new Arrivals.Poisson(seed)).withDatabase(databases == null ? null : databases::cpuSeconds);
        CapacityStep step = steps.measure(rate, profile.stepWarmup(), profile.stepLength(sloP99Ms, rate), alone,
                service.pid(), progress.during(plan.name(), "capacity step " + number + ", "
                        + Figures.num(rate) + " req/s"), watch).withArrivalsSeed(seed);
        if (watch.hung()) {
            return false;
        }
        service.requireAlive();
        measured.steps.add(step);
        if (search.judge(step) != Capacity.Outcome.PASSED) {
            watch.overloaded(); // its latencies must not loosen the watchdog's limits for the steps after it
        }
        progress.capacityStep(number, step, search.judge(step), sloP99Ms);
        if (search.measuresFirstAgain(measured.steps)) {
            progress.note(measured.steps.size() == 1 ? "the first step follows the warm-up, and the service may"
                    + " still have been warming: the rate is measured once more, and that step counts"
                    : "the service met this load first here (every rate offered before was lower), and a JVM adapts"
                    + " to a new load inside such a step: the rate is measured once more, and that step counts");
        } else if (search.failedWhileCompiling(step)
                && measured.steps.stream().filter(s -> s.rateRps() == step.rateRps()).count() == 1) {
            progress.note("the service's JIT used " + Figures.num(step.usage().jitCpuS()) + " s of CPU in the "
                    + Figures.num(step.elapsedS()) + " s window (" + Figures.percent(step.compilingCores())
                    + " of a core): not yet warm for this load, so the rate is measured once more, and that step"
                    + " counts");
        }
        if (search.judge(step) != Capacity.Outcome.PASSED && alone != null
                && !service.settle(settlePath(), alone, SETTLE_LIMIT)) {
            progress.note("the service was still slower than alone " + SETTLE_LIMIT.toSeconds()
                    + " s after the step; the next step starts anyway");
        }
        return true;
    }

    /** The search as the lab's generator sends it, its event loops' measured ceiling included. */
    private SearchSettings searchSettings() {
        return profile.search(sloP99Ms, GeneratorLoops.here());
    }

    private AssessArmResult result(AssessArmPlan plan, ServerJava java, ServiceLauncher.Launch launch,
                                   Measured measured, Optional<PinningRecording.Pinning> pinning) {
        CapacitySearch search = new CapacitySearch(searchSettings(), 1);
        // Each step with the collections and compilations its own window held, read off the recording's timestamps.
        List<CapacityStep> steps = RecordedEvents.inWindows(measured.steps,
                pinning.map(PinningRecording.Pinning::timed).orElse(null));
        Capacity capacity = search.result(steps);
        CapacityStep atCapacity = capacity.atCapacity();
        // The cores are given only beside a CPU per request, as before.
        Double cpuPerRequestMs = atCapacity == null ? null : atCapacity.cpuPerRequestMs();
        Double serviceCores = cpuPerRequestMs == null ? null : atCapacity.serviceCores();
        Double labCores = cpuPerRequestMs == null || serviceCores == null ? null : atCapacity.labCores();
        ServiceCosts costs = new ServiceCosts(cpuPerRequestMs, serviceCores, labCores, measured.peakRssMb,
                measured.peakThreads,
                pinning.map(PinningRecording.Pinning::gcPauseMs).orElse(null),
                pinning.map(PinningRecording.Pinning::gcPauses).orElse(null),
                fixedCommonRate == null ? null : RateCosts.at(fixedCommonRate, steps, search),
                databases == null ? null : new ServiceCosts.DatabaseCosts(
                        atCapacity == null ? null : atCapacity.databaseCpuPerRequestMs(), atCapacity == null ? null
                        : atCapacity.databaseCores(), measured.databasePeakMb),
                labCores == null ? null : atCapacity.otherCores(), labCores == null ? null : atCapacity.stealCores());
        PinningFigures figures = pinning.map(p -> new PinningFigures(p.events(), p.totalMs(),
                PinningSites.group(p.pinned(), launcher.userPackages()))).orElse(PinningFigures.UNREAD);
        // A virtual arm has no pool, whatever {pool} said in its command.
        Integer pool = plan.key().mode().onPlatformThreads() ? plan.pool() : null;
        ArmSetup setup = new ArmSetup(pool, java.runtimeVersion(), launch.switchedBy(),
                sloP99Ms, Runtime.getRuntime().availableProcessors(), curveEngine.name(),
                plan.carriers() == null ? null : plan.carriers().count(), arrivals.label(), null,
                arrivals instanceof Arrivals.Poisson ? measured.runSeed : null);
        WatchReport watch = measured.died ? measured.watch.died() : measured.watch;
        return new AssessArmResult(plan.key(), setup, measured.curve, capacity, costs, figures, measured.failure,
                watch, measured.switched, null, measured.warmup);
    }

    /** Every recording the arm's JVMs wrote (one per pid), read and put together; empty when none was readable. */
    private static Optional<PinningRecording.Pinning> read(Path dir, String stem) {
        Optional<PinningRecording.Pinning> all = Optional.empty();
        for (Path file : recordings(dir, stem)) {
            Optional<PinningRecording.Pinning> one = PinningRecording.read(file);
            if (one.isPresent()) {
                all = Optional.of(all.map(p -> p.plus(one.get())).orElse(one.get()));
            }
        }
        return all;
    }

    private static List<Path> recordings(Path dir, String stem) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().matches(Pattern.quote(stem)
                    + "-\\d+\\.jfr")).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** An earlier run into the same folder must not lend this arm its recordings. */
    private static void deleteRecordings(Path dir, String stem) {
        for (Path old : recordings(dir, stem)) {
            try {
                Files.deleteIfExists(old);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot remove an earlier run's recording " + old, e);
            }
        }
    }

    /** A free loopback port, for the service to listen on. */
    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
