package loomlab.load;

/**
 * One target of a run's path mix, measured on its own: its requests, their latency as the run's model
 * measures it (from the intended send in the open model, from the actual send in the closed one), and
 * its failed requests. A slow path hides in the mix's totals; here it shows.
 *
 * @param count  measured requests that ended: answered (whatever the status), or timed out (counted at
 *               their timeout, as in the run's own latency)
 * @param errors failed requests of every kind, error statuses included
 */
public record PathLatency(String path, long count, LatencySummary latency, long errors) {
}
