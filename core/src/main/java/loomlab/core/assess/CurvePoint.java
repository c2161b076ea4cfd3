package loomlab.core.assess;

/**
 * One step of the closed-model curve: a number of users, each sending its next request as soon as
 * the last is answered, measured after a warm-up. Latency counts from the actual send.
 *
 * @param p50Ms null when nothing was answered
 * @param p99Ms null when nothing was answered
 */
public record CurvePoint(int users, double throughputRps, Double p50Ms, Double p99Ms, long errors) {
}
