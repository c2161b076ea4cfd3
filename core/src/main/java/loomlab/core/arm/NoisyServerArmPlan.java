package loomlab.core.arm;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import loomlab.threads.ExecutorMode;

/**
 * Seed 001's noisy neighbour through a server: {@code cpuUsers} clients keep CPU-bound
 * {@link Endpoint.CpuWork} requests in flight on the server while {@link Endpoint.Hello} arrives
 * at a fixed rate (open model), so its latency counts from the intended send time and a stalled
 * server cannot slow the arrivals down.
 *
 * @param warmup   both loads run this long before measuring, unmeasured (JIT, connections)
 * @param duration the measured window of both loads
 * @param jdk      the JDK the server runs on when the run chose JDKs, or null
 * @param carriers the virtual-thread scheduler's carriers when set (the mitigation measured), else null
 */
public record NoisyServerArmPlan(ServerId server, ExecutorMode executorMode, int cpuUsers, long cpuIterations,
                                 double helloRateRps, Duration warmup, Duration duration, Integer jdk,
                                 Carriers carriers)
        implements ArmPlan {
    /** Tells these arms from an experiment's plain HTTP arms on the same server and mode. */
    public static final String VARIANT = "/hello beside /cpu";

    public NoisyServerArmPlan {
        Objects.requireNonNull(server);
        Objects.requireNonNull(executorMode);
        Objects.requireNonNull(warmup);
        if (cpuUsers < 1 || cpuIterations < 1) {
            throw new IllegalArgumentException("the background load needs at least one user and one iteration");
        }
        if (!(helloRateRps > 0) || Double.isInfinite(helloRateRps)) {
            throw new IllegalArgumentException("the /hello rate must be a positive number of requests per second");
        }
        if (carriers != null && !executorMode.isVirtual()) {
            throw new IllegalArgumentException("carriers are set for virtual threads only, not " + executorMode);
        }
        if (duration == null || duration.isNegative() || duration.isZero() || warmup.isNegative()) {
            throw new IllegalArgumentException("the measured window must be positive and the warm-up not negative");
        }
    }

    @Override
    public ArmKey key() {
        ArmKey key = ArmKey.of(server, ArmMode.of(executorMode)).withUsers(cpuUsers).withJdk(jdk)
                .withParam("load", ParamValue.named(VARIANT));
        return carriers == null ? key : key.withParam(Carriers.PARAM, ParamValue.count(carriers.count()));
    }

    /** The server's extra JVM flags: the carriers', when set. */
    public List<String> serverFlags() {
        return carriers == null ? List.of() : carriers.flags();
    }

    public Endpoint cpuEndpoint() {
        return new Endpoint.CpuWork(cpuIterations);
    }

    @Override
    public NoisyServerArmPlan onJdk(int feature) {
        return withJdk(feature);
    }

    public NoisyServerArmPlan withJdk(Integer other) {
        return new NoisyServerArmPlan(server, executorMode, cpuUsers, cpuIterations, helloRateRps, warmup, duration,
                other, carriers);
    }

    /** How the server runs its requests: on the threads the executor mode names. */
    public ServingModel serving() {
        return ServingModel.of(executorMode);
    }
}
