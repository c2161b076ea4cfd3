package loomlab.core.assess;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmMode;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.core.breakage.WatchReport;
import loomlab.core.pinning.PinningSite;
import loomlab.threads.ExecutorMode;

/** Assessed arms made of fixed numbers, for findings and reports checked without running anything. */
public final class AssessFixtures {
    public static final double SLO = 200;
    public static final int CORES = 2;

    private AssessFixtures() {
    }

    /** Virtual threads, and a platform pool that {@link #key} sizes with the arm's pool (the framework's own without one). */
    public static final ArmMode VIRTUAL = ArmMode.of(ExecutorMode.virtual());
    public static final ArmMode PLATFORM = ArmMode.FRAMEWORK_POOL;

    public static ArmKey key(ArmMode threads, Integer pool, Integer jdk) {
        ArmMode mode = threads.onPlatformThreads() && pool != null ? ArmMode.of(ExecutorMode.platform(pool)) : threads;
        return new ArmKey(ServerId.SERVICE, mode, null, null, jdk, Map.of());
    }

    /** A bracketed capacity: the search passed at {@code low} (twice: confirmed) and failed at {@code high}. */
    public static Capacity bracketed(double low, double high) {
        return new Capacity(Capacity.Kind.BRACKETED, low, low, high, null, List.of(
                tried(low / 2, 40.0, true), tried(high, 450.0, false), tried(low, 150.0, true),
                tried(low, 150.0, true)));
    }

    /**
     * Bracketed at [low, high] like {@link #bracketed}, but the failure at {@code high} used 1.5 of the 2
     * cores, far more CPU per request than the pass at {@code low} measured after it: still warming.
     */
    public static Capacity warmingBracket(double low, double high) {
        return costlierBracket(low, high, 3000);
    }

    /**
     * The same bracket, its failed step's JIT compiler threads using {@code jitCpuMs} of CPU inside its window:
     * 3,000 ms accounts for its extra CPU (still warming), 100 ms does not (cause not measured).
     */
    public static Capacity costlierBracket(double low, double high, double jitCpuMs) {
        CapacityStep failed = new CapacityStep(high, 450.0, 450.0, null, 0, Math.round(high * 3), 3, null, null,
                new CapacityStep.StepUsage(1.5 * 3, 0.4, null, new CapacityStep.Served(Math.round(high * 3), 0, 0, 0),
                        null, new CapacityStep.Recorded(0, 0, 800), null, jitCpuMs / 1000), null);
        return new Capacity(Capacity.Kind.BRACKETED, low, low, high, null, List.of(tried(low / 2, 40.0, true),
                new Capacity.TriedStep(failed, Capacity.Outcome.FAILED), tried(low, 150.0, true),
                tried(low, 150.0, true)));
    }

    public static Capacity atLeast(double rate) {
        return new Capacity(Capacity.Kind.AT_LEAST, rate, rate, null, Capacity.Limit.CAP,
                List.of(tried(rate, 20.0, true), tried(rate, 20.0, true)));
    }

    public static Capacity below(double lowest) {
        return new Capacity(Capacity.Kind.BELOW_LOWEST, null, 0, lowest, null, List.of(tried(lowest, 900.0, false)));
    }

    static Capacity.TriedStep tried(double rate, double p99, boolean passed) {
        return new Capacity.TriedStep(new CapacityStep(rate, p99, p99, null, passed ? 0 : 3, Math.round(rate * 3), 3,
                null, null, new CapacityStep.StepUsage(rate * 3 * 0.0005, 0.4, null,
                new CapacityStep.Served(Math.round(rate * 3), 0, 0, 0), null, null), null),
                passed ? Capacity.Outcome.PASSED : Capacity.Outcome.FAILED);
    }

    /**
     * Windows at {@code rate}, one per p99 given, in that order, each passed where within the fixtures'
     * target; a null p99 is a window with errors.
     */
    public static DecidingWindows windows(double rate, Double... p99s) {
        List<Capacity.TriedStep> each = new ArrayList<>();
        for (Double p99 : p99s) {
            // Over the target is a failed window with its p99; null, a window that also had errors.
            Capacity.TriedStep step = tried(rate, p99 == null ? 5000.0 : p99, p99 != null);
            each.add(p99 == null || p99 <= SLO ? step : new Capacity.TriedStep(step.step(), Capacity.Outcome.FAILED));
        }
        return new DecidingWindows(rate, each);
    }

    /** A curve of a service whose requests wait 50 ms, on a pool of {@code pool} (null: unlimited). */
    public static List<CurvePoint> curve(Integer pool, List<Integer> users) {
        List<CurvePoint> curve = new ArrayList<>();
        for (int u : users) {
            int running = pool == null ? u : Math.min(u, pool);
            double rps = running / 0.05;
            double p50 = 50.0 * Math.max(1, (double) u / running);
            curve.add(new CurvePoint(u, rps, p50, p50 * 1.1, 0));
        }
        return curve;
    }

    public static AssessArmResult arm(ArmMode threads, Integer pool, Integer jdk, Capacity capacity,
                                      List<CurvePoint> curve, ServiceCosts costs, PinningFigures pinning) {
        ServiceSwitch how = threads.onVirtualThreads()
                ? new ServiceSwitch(ServiceSwitch.SPRING, List.of("--spring.threads.virtual.enabled=true"), List.of(),
                null)
                : new ServiceSwitch(ServiceSwitch.SPRING, List.of("--spring.threads.virtual.enabled=false",
                "--server.tomcat.threads.max=" + pool), List.of(), null);
        return new AssessArmResult(key(threads, pool, jdk), new ArmSetup(threads.onPlatformThreads() ? pool
                : null, jdk == null ? "25.0.3+9-LTS"
                : jdk + ".0.8+9-LTS", how, SLO, CORES, "lab", null, "poisson", null), curve, capacity, costs, pinning, null,
                WatchReport.completed(List.of()), new ThreadsSeen(threads.onVirtualThreads() ? 16 : 0,
                threads.onVirtualThreads() ? 0 : 10, List.of()));
    }

    public static ServiceCosts costs(double cpuMs, double serviceCores, double labCores, double rssMb, long threads,
                                     double gcMs) {
        return new ServiceCosts(cpuMs, serviceCores, labCores, rssMb, threads, gcMs, 12L, null);
    }

    public static PinningFigures pinned(String frame, long events) {
        return new PinningFigures(events, events * 50.0, List.of(new PinningSite(frame, events, events * 50.0,
                List.of("java.lang.Thread.sleep:500", frame, "org.springframework.web.servlet.FrameworkServlet.doGet:900"))));
    }

    public static final PinningFigures NONE_PINNED = new PinningFigures(0L, 0.0, List.of());
}
