package loomlab.core.arm;

import java.util.List;
import loomlab.core.bound.LittlesLaw;

/**
 * An HTTP arm's figures beside its Little's-law bound and the seed's published figure.
 *
 * <p>Efficiency is measured over bound for arms that run for a duration (throughput), and bound
 * over measured for arms that count requests (elapsed time), so 1.0 always means "at the bound".
 *
 * @param sweep        the swept parameter and this arm's value of it, or null when the run was no sweep
 * @param repeats      every run's headline figures when the arm ran several times, or null; the other
 *                     figures are then the median run's
 * @param thinkS       each user's pause between an answer and its next request, null for none
 * @param engine       the load tool that measured: {@code lab}, {@code ab}, {@code siege} or {@code wrk}
 * @param pinnedEvents JFR {@code jdk.VirtualThreadPinned} events of the server under test over its
 *                     life (warm-up and measurement), null when no recording could be read
 * @param pinnedMs     their durations added up
 * @param jdbc         a JDBC arm's pools, seed columns and database figures, or null for other arms
 */
public record HttpArmResult(String name, String server, String mode, int users, long requests, Double durationS,
                            Double elapsedS, Double boundElapsedS, double throughputRps, Latency latencyMs,
                            Latency uncorrectedLatencyMs, long errors, ErrorCounts errorsByKind, double boundRps,
                            double efficiency, long warmupRequests, long lateSends, Published published,
                            ServerUsage serverProcess, GeneratorUsage generator, List<TimelinePoint> timeline,
                            SweepPoint sweep, Repeats repeats, Double thinkS, String engine, Long pinnedEvents,
                            Double pinnedMs, JdbcFigures jdbc) implements ArmResult {

    public static HttpArmResult of(HttpArmPlan plan, HttpMeasurement measured) {
        double think = plan.thinkSeconds();
        double boundRps = LittlesLaw.throughputBound(plan.users(), plan.serverLimit(), plan.serviceSeconds(), think);
        Double boundElapsed = null;
        double efficiency;
        if (plan.countsRequests()) {
            boundElapsed = LittlesLaw.elapsedBound(plan.requests(), plan.users(), plan.serverLimit(),
                    plan.serviceSeconds(), think);
            efficiency = LittlesLaw.timeEfficiency(measured.elapsedSeconds(), boundElapsed);
        } else {
            efficiency = LittlesLaw.rateEfficiency(measured.throughputRps(), boundRps);
        }
        Double duration = plan.duration() == null ? null : plan.duration().toMillis() / 1000.0;
        return new HttpArmResult(plan.name(), plan.server(), plan.mode(), plan.users(), measured.requests(), duration,
                measured.elapsedSeconds(), boundElapsed, measured.throughputRps(), measured.latency(),
                measured.uncorrectedLatency(), measured.errors().total(), measured.errors(), boundRps, efficiency,
                measured.warmupRequests(), measured.lateSends(), plan.published(), measured.server(),
                measured.generator(), measured.timeline(), plan.sweep(), null, think > 0 ? think : null,
                measured.engine(), null, null, null);
    }

    /** This run's figures with the spread of all the runs of the arm. */
    public HttpArmResult withRepeats(Repeats spread) {
        return new HttpArmResult(name, server, mode, users, requests, durationS, elapsedS, boundElapsedS,
                throughputRps, latencyMs, uncorrectedLatencyMs, errors, errorsByKind, boundRps, efficiency,
                warmupRequests, lateSends, published, serverProcess, generator, timeline, sweep, spread, thinkS, engine,
                pinnedEvents, pinnedMs, jdbc);
    }

    /** These figures with what the server's flight recording counted; nulls when it could not be read. */
    public HttpArmResult withPinning(Long events, Double totalMs) {
        return new HttpArmResult(name, server, mode, users, requests, durationS, elapsedS, boundElapsedS,
                throughputRps, latencyMs, uncorrectedLatencyMs, errors, errorsByKind, boundRps, efficiency,
                warmupRequests, lateSends, published, serverProcess, generator, timeline, sweep, repeats, thinkS, engine,
                events, totalMs, jdbc);
    }

    /** These figures as a JDBC arm's. */
    public HttpArmResult withJdbc(JdbcFigures figures) {
        return new HttpArmResult(name, server, mode, users, requests, durationS, elapsedS, boundElapsedS,
                throughputRps, latencyMs, uncorrectedLatencyMs, errors, errorsByKind, boundRps, efficiency,
                warmupRequests, lateSends, published, serverProcess, generator, timeline, sweep, repeats, thinkS, engine,
                pinnedEvents, pinnedMs, figures);
    }

    /** True when this arm counted requests, so its headline figure is the elapsed time. */
    public boolean countsRequests() {
        return boundElapsedS != null;
    }
}
