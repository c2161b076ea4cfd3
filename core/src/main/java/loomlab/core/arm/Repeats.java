package loomlab.core.arm;

/**
 * How an arm's headline figures varied over repeated runs of it ({@code --repeat K}).
 *
 * @param runs           how many times the arm ran
 * @param throughputRps  requests per second of each run
 * @param goodputRps     successful answers per second of each run (the throughput's where no run had an error)
 * @param p99Ms          99th percentile latency of each run, from the intended send time
 * @param elapsedS       measured time of each run
 */
public record Repeats(int runs, Spread throughputRps, Spread goodputRps, Spread p99Ms, Spread elapsedS) {
}
