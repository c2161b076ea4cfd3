package loomlab.core.arm;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import loomlab.threads.ExecutorMode;

/**
 * An arm that drives a server under test over HTTP: which server, in which thread model, asked to
 * do what, under which load. Its key is derived from these, so two plans that run the same thing
 * are the same arm.
 *
 * @param server       the server under test
 * @param executorMode the server's thread model
 * @param endpoint     what each request asks the server to do
 * @param load         users, requests or duration, pause, warm-up
 * @param params       named parameters that tell this arm from a sibling with the same server, mode and
 *                     users (see {@link ArmKey#params()}); empty when none
 * @param jdk          the JDK the server runs on when the run chose JDKs ({@code --jdk}), or null
 * @param published    the seed's figure for this arm, or null
 * @param sweep        the swept parameter and this arm's value of it, or null when not swept
 */
public record HttpArmPlan(ServerId server, ExecutorMode executorMode, Endpoint endpoint, LoadShape load,
                          Map<String, ParamValue> params, Integer jdk, Published published, SweepPoint sweep) implements ArmPlan {

    public HttpArmPlan {
        Objects.requireNonNull(server);
        Objects.requireNonNull(executorMode);
        Objects.requireNonNull(endpoint);
        Objects.requireNonNull(load);
        params = ArmKey.checkedParams(params);
    }

    /**
     * The plan with nothing beyond its server, mode, endpoint and load: no parameters, the lab's own
     * JDK, no published figure, not swept; the {@code with...} methods add those.
     */
    public static HttpArmPlan of(ServerId server, ExecutorMode mode, Endpoint endpoint, LoadShape load) {
        return new HttpArmPlan(server, mode, endpoint, load, Map.of(), null, null, null);
    }

    public static HttpArmPlan forDuration(ServerId server, ExecutorMode mode, Endpoint endpoint, int users,
                                          Duration duration, Warmup warmup) {
        return of(server, mode, endpoint, LoadShape.forDuration(users, duration, warmup));
    }

    public static HttpArmPlan forRequests(ServerId server, ExecutorMode mode, Endpoint endpoint, int users,
                                          long requests, Warmup warmup) {
        return of(server, mode, endpoint, LoadShape.forRequests(users, requests, warmup));
    }

    @Override
    public ArmKey key() {
        return new ArmKey(server, ArmMode.of(executorMode), load.users(), null, jdk, params);
    }

    public HttpArmPlan withServer(ServerId other) {
        return new HttpArmPlan(other, executorMode, endpoint, load, params, jdk, published, sweep);
    }

    public HttpArmPlan withExecutorMode(ExecutorMode other) {
        return new HttpArmPlan(server, other, endpoint, load, params, jdk, published, sweep);
    }

    public HttpArmPlan withEndpoint(Endpoint other) {
        return new HttpArmPlan(server, executorMode, other, load, params, jdk, published, sweep);
    }

    public HttpArmPlan withLoad(LoadShape other) {
        return new HttpArmPlan(server, executorMode, endpoint, other, params, jdk, published, sweep);
    }

    /** This plan with one more named parameter in its key (see {@link ArmKey#withParam}). */
    public HttpArmPlan withParam(String name, ParamValue value) {
        return new HttpArmPlan(server, executorMode, endpoint, load, key().withParam(name, value).params(), jdk,
                published, sweep);
    }

    @Override
    public HttpArmPlan onJdk(int feature) {
        return withJdk(feature);
    }

    public HttpArmPlan withJdk(Integer other) {
        return new HttpArmPlan(server, executorMode, endpoint, load, params, other, published, sweep);
    }

    public HttpArmPlan withPublished(Published figure) {
        return new HttpArmPlan(server, executorMode, endpoint, load, params, jdk, figure, sweep);
    }

    public HttpArmPlan withSweep(SweepPoint point) {
        return new HttpArmPlan(server, executorMode, endpoint, load, params, jdk, published, point);
    }

    /**
     * True when the endpoint adds no wait of its own, so the bound's latency term is one request on the
     * idle server, measured before the load; an endpoint that waits has that wait as its term.
     */
    public boolean needsUnloadedLatency() {
        return endpoint.waitMillis().isEmpty();
    }

    public int users() {
        return load.users();
    }

    public boolean countsRequests() {
        return load.countsRequests();
    }

    /**
     * How many requests the server can hold in progress: N for {@code platform:N}, fewer when the
     * endpoint itself serialises its requests, unbounded otherwise.
     */
    public int serverLimit() {
        return Math.min(executorMode.concurrencyLimit(), endpoint.concurrencyLimit());
    }

    /** How the server runs its requests: on the threads the executor mode names. */
    public ServingModel serving() {
        return ServingModel.of(executorMode);
    }

    @Override
    public boolean repeatable() {
        return true;
    }
}
