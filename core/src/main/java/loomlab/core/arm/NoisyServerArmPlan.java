package loomlab.core.arm;

import java.time.Duration;
import java.util.Objects;
import loomlab.threads.ExecutorMode;

/**
 * Seed 001's noisy neighbour through a server: {@code cpuUsers} clients keep CPU-bound
 * {@code /cpu/{cpuIterations}} requests in flight on the server while {@code /hello} arrives at a
 * fixed rate (open model), so its latency counts from the intended send time and a stalled server
 * cannot slow the arrivals down.
 *
 * @param warmup   both loads run this long before measuring, unmeasured (JIT, connections)
 * @param duration the measured window of both loads
 */
public record NoisyServerArmPlan(String name, String server, ExecutorMode executorMode, int cpuUsers,
                                 long cpuIterations, double helloRateRps, Duration warmup, Duration duration,
                                 Published published) implements ArmPlan {
    public static final String HELLO_PATH = "/hello";

    public NoisyServerArmPlan {
        Objects.requireNonNull(name);
        Objects.requireNonNull(server);
        Objects.requireNonNull(executorMode);
        Objects.requireNonNull(warmup);
        if (cpuUsers < 1 || cpuIterations < 1) {
            throw new IllegalArgumentException("the background load needs at least one user and one iteration");
        }
        if (!(helloRateRps > 0) || Double.isInfinite(helloRateRps)) {
            throw new IllegalArgumentException("the /hello rate must be a positive number of requests per second");
        }
        if (duration == null || duration.isNegative() || duration.isZero() || warmup.isNegative()) {
            throw new IllegalArgumentException("the measured window must be positive and the warm-up not negative");
        }
    }

    public String cpuPath() {
        return "/cpu/" + cpuIterations;
    }

    @Override
    public String mode() {
        return executorMode.toString();
    }
}
