package loomlab.core.arm;

import java.util.ArrayList;
import java.util.List;
import loomlab.core.breakage.WatchReport;
import loomlab.core.pinning.PinningSite;

/**
 * An HTTP arm as it ran, in parts: its identity, the load it ran under, what the engine observed,
 * the bound it is set against, what its server used, and what it carries beside (the seed's figure,
 * sweep, repeats, JDBC figures, flags).
 *
 * <p>Efficiency is measured over bound for arms that run for a duration (throughput), and bound
 * over measured for arms that count requests (elapsed time), so 1.0 always means "at the bound";
 * it counts successful requests only.
 */
public record HttpArmResult(ArmKey key, LoadShape load, HttpMeasurement measured, BoundCheck check,
                            ServerFigures server, ArmExtras extras) implements Watched {

    /** The figures of an arm that ran as planned, set against its bound, with the flags they raise. */
    public static HttpArmResult of(HttpArmPlan plan, HttpMeasurement measured, ServerUsage usage,
                                   BoundReadings readings) {
        BoundCheck check = BoundCheck.of(plan, measured, readings);
        return new HttpArmResult(plan.key(), plan.load(), measured, check, ServerFigures.of(usage),
                new ArmExtras(plan.published(), plan.sweep(), null, null, flags(measured, check, usage)));
    }

    /** What a reader must know before trusting these figures. */
    static List<ArmFlag> flags(HttpMeasurement measured, BoundCheck check, ServerUsage usage) {
        List<ArmFlag> flags = new ArrayList<>();
        if (measured.errors() > 0) {
            flags.add(new ArmFlag.Errors(measured.errorsByKind(), measured.successfulRequests()));
        }
        if (!check.bound().exists()) {
            flags.add(new ArmFlag.NoBound(measured.successfulRequests() == 0
                    ? ArmFlag.NoBound.Reason.NO_SUCCESSFUL_REQUEST : ArmFlag.NoBound.Reason.NO_WAIT_AND_NO_CPU));
        } else if (check.efficiency() != null && check.efficiency() > ArmFlag.SHOWN_ABOVE_BOUND) {
            flags.add(new ArmFlag.AboveBound(check.efficiency(), check.bound().basis()));
        }
        if (usage != null && usage.backlogOverflowed()) {
            flags.add(new ArmFlag.BacklogOverflowed(usage.listenOverflows()));
        }
        if (measured.generator().saturated()) {
            flags.add(new ArmFlag.GeneratorSaturated(measured.generator().utilisation()));
        }
        // A closed-model user sends when its answer (and pause) is done; a send a millisecond late
        // there shifts nothing the figures claim, while in the open model it breaks the schedule.
        if (measured.loadModel() == LoadModel.OPEN && measured.lateSends() > 0) {
            flags.add(new ArmFlag.LateSends(measured.lateSends()));
        }
        return flags;
    }

    /** This run's figures with the spread of all the runs of the arm. */
    public HttpArmResult withRepeats(Repeats spread) {
        return new HttpArmResult(key, load, measured, check, server, extras.withRepeats(spread));
    }

    /** These figures with what the server's flight recording held; nulls when it could not be read. */
    public HttpArmResult withPinning(Long events, Double totalMs, List<PinningSite> sites) {
        return new HttpArmResult(key, load, measured, check, server.withPinning(events, totalMs, sites), extras);
    }

    /** These figures with what the watchdog saw, and the carriers the arm set (null when none). */
    public HttpArmResult withWatch(WatchReport report, Integer carriers) {
        ArmExtras watched = extras.withWatch(report, carriers);
        if (report.hang() != null) {
            watched = watched.withFlag(new ArmFlag.Hung(report.hang()));
        }
        return new HttpArmResult(key, load, measured, check, server, watched);
    }

    @Override
    public WatchReport watch() {
        return extras.watch();
    }

    @Override
    public Long answered() {
        return measured.requests();
    }

    public HttpArmResult withJdk(String runtimeVersion) {
        return new HttpArmResult(key, load, measured, check, server.withJdk(runtimeVersion), extras);
    }

    /** These figures as a JDBC arm's, whose key names its pool. */
    public HttpArmResult withJdbc(ArmKey jdbcKey, JdbcFigures figures) {
        return new HttpArmResult(jdbcKey, load, measured, check, server, extras.withJdbc(figures));
    }

    // The figures verdicts and reports read most, by name.

    public int users() {
        return load.users();
    }

    public long requests() {
        return measured.requests();
    }

    public double elapsedS() {
        return measured.elapsedS();
    }

    public double throughputRps() {
        return measured.throughputRps();
    }

    /**
     * Successful answers per second: the throughput less its share of errors. Comparisons use it, so
     * that fast error responses never make an arm look quicker.
     */
    public double goodputRps() {
        long requests = measured.requests();
        return requests == 0 ? 0 : measured.throughputRps() * measured.successfulRequests() / requests;
    }

    public Latency latencyMs() {
        return measured.latencyMs();
    }

    public long errors() {
        return measured.errors();
    }

    public Double efficiency() {
        return check.efficiency();
    }

    public Double boundRps() {
        return check.boundRps();
    }

    public Double boundElapsedS() {
        return check.boundElapsedS();
    }

    public ServerUsage serverProcess() {
        return server.usage();
    }

    public Published published() {
        return extras.published();
    }

    public SweepPoint sweep() {
        return extras.sweep();
    }

    public Repeats repeats() {
        return extras.repeats();
    }

    public JdbcFigures jdbc() {
        return extras.jdbc();
    }

    public List<ArmFlag> flags() {
        return extras.flags();
    }

    public String engine() {
        return measured.engine();
    }

    /** True when this arm counted requests, so its headline figure is the elapsed time. */
    public boolean countsRequests() {
        return load.countsRequests();
    }

    /**
     * The requests in progress on average over the arm, by Little's law from what was measured:
     * throughput times mean latency. Null when the mean is unknown.
     */
    public Double meanInFlight() {
        Double mean = measured.latencyMs() == null ? null : measured.latencyMs().mean();
        return mean == null ? null : measured.throughputRps() * mean / 1000.0;
    }
}
