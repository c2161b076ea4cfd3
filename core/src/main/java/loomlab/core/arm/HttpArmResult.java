package loomlab.core.arm;

import loomlab.core.bound.LittlesLaw;

/**
 * An HTTP arm's figures beside its Little's-law bound and the seed's published figure.
 *
 * <p>Efficiency is measured over bound for arms that run for a duration (throughput), and bound
 * over measured for arms that count requests (elapsed time), so 1.0 always means "at the bound".
 *
 * @param sweep   the swept parameter and this arm's value of it, or null when the run was no sweep
 * @param repeats every run's headline figures when the arm ran several times, or null; the other
 *                figures are then the median run's
 */
public record HttpArmResult(String name, String server, String mode, int users, long requests, Double durationS,
                            Double elapsedS, Double boundElapsedS, double throughputRps, Latency latencyMs,
                            Latency uncorrectedLatencyMs, long errors, ErrorCounts errorsByKind, double boundRps,
                            double efficiency, long warmupRequests, long lateSends, Published published,
                            ServerUsage serverProcess, GeneratorUsage generator,
                            java.util.List<TimelinePoint> timeline, SweepPoint sweep,
                            Repeats repeats) implements ArmResult {

    /** A single run of an arm that is not part of a sweep. */
    public HttpArmResult(String name, String server, String mode, int users, long requests, Double durationS,
                         Double elapsedS, Double boundElapsedS, double throughputRps, Latency latencyMs,
                         Latency uncorrectedLatencyMs, long errors, ErrorCounts errorsByKind, double boundRps,
                         double efficiency, long warmupRequests, long lateSends, Published published,
                         ServerUsage serverProcess, GeneratorUsage generator,
                         java.util.List<TimelinePoint> timeline) {
        this(name, server, mode, users, requests, durationS, elapsedS, boundElapsedS, throughputRps, latencyMs,
                uncorrectedLatencyMs, errors, errorsByKind, boundRps, efficiency, warmupRequests, lateSends, published,
                serverProcess, generator, timeline, null, null);
    }

    public static HttpArmResult of(HttpArmPlan plan, HttpMeasurement measured) {
        double boundRps = LittlesLaw.throughputBound(plan.users(), plan.serverLimit(), plan.serviceSeconds());
        Double boundElapsed = null;
        double efficiency;
        if (plan.countsRequests()) {
            boundElapsed = LittlesLaw.elapsedBound(plan.requests(), plan.users(), plan.serverLimit(),
                    plan.serviceSeconds());
            efficiency = LittlesLaw.timeEfficiency(measured.elapsedSeconds(), boundElapsed);
        } else {
            efficiency = LittlesLaw.rateEfficiency(measured.throughputRps(), boundRps);
        }
        Double duration = plan.duration() == null ? null : plan.duration().toMillis() / 1000.0;
        return new HttpArmResult(plan.name(), plan.server(), plan.mode(), plan.users(), measured.requests(), duration,
                measured.elapsedSeconds(), boundElapsed, measured.throughputRps(), measured.latency(),
                measured.uncorrectedLatency(), measured.errors().total(), measured.errors(), boundRps, efficiency,
                measured.warmupRequests(), measured.lateSends(), plan.published(), measured.server(),
                measured.generator(), measured.timeline(), plan.sweep(), null);
    }

    /** This run's figures with the spread of all the runs of the arm. */
    public HttpArmResult withRepeats(Repeats spread) {
        return new HttpArmResult(name, server, mode, users, requests, durationS, elapsedS, boundElapsedS,
                throughputRps, latencyMs, uncorrectedLatencyMs, errors, errorsByKind, boundRps, efficiency,
                warmupRequests, lateSends, published, serverProcess, generator, timeline, sweep, spread);
    }

    /** True when this arm counted requests, so its headline figure is the elapsed time. */
    public boolean countsRequests() {
        return boundElapsedS != null;
    }
}
