package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/**
 * The cause behind a virtual-thread arm's lead over a pool, shown by its own figures: it held more
 * requests in flight on average (Little's law: throughput x mean latency) than the pool has
 * threads, so its requests waited at the same time instead of in turn.
 *
 * @param meanInFlight the virtual arm's measured average of requests in progress
 * @param poolLimit    the most requests the pool arm can hold
 */
public record WaitsOverlapped(ArmKey virtual, double meanInFlight, ArmKey pool, int poolLimit) implements BoundFinding {
}
