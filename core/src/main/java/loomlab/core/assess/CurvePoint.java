package loomlab.core.assess;

import java.util.List;
import loomlab.core.arm.PathFigures;

/**
 * One step of the closed-model curve: a number of users, each sending its next request as soon as
 * the last is answered, measured after a warm-up. Latency counts from the actual send.
 *
 * @param p50Ms null when nothing was answered
 * @param p99Ms null when nothing was answered
 * @param paths each path of the mix on its own; empty when the engine measured none
 */
public record CurvePoint(int users, double throughputRps, Double p50Ms, Double p99Ms, long errors,
                         List<PathFigures> paths) {
    public CurvePoint {
        paths = paths == null ? List.of() : List.copyOf(paths);
    }

    public CurvePoint(int users, double throughputRps, Double p50Ms, Double p99Ms, long errors) {
        this(users, throughputRps, p50Ms, p99Ms, errors, List.of());
    }

    /**
     * A step's point from what an engine counted: answers (an error status is no answer) per second
     * of the measured window, and the percentiles only when something was answered.
     */
    public static CurvePoint of(int users, long answered, double elapsedS, Double p50Ms, Double p99Ms, long errors) {
        boolean any = answered > 0;
        return new CurvePoint(users, elapsedS > 0 ? answered / elapsedS : 0, any ? p50Ms : null, any ? p99Ms : null,
                errors);
    }

    public CurvePoint withPaths(List<PathFigures> measured) {
        return new CurvePoint(users, throughputRps, p50Ms, p99Ms, errors, measured);
    }
}
