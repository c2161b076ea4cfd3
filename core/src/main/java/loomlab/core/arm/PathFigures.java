package loomlab.core.arm;

/**
 * One path of an arm's mix on its own: a slow path hides in the mix's totals.
 *
 * @param count  measured requests that ended on it (answered, or timed out at their timeout)
 * @param p50Ms  latency as the arm's model measures it; null with no request
 * @param errors failed requests of every kind, error statuses included
 */
public record PathFigures(String path, long count, Double p50Ms, Double p99Ms, Double p999Ms, Double maxMs,
                          long errors) {
}
