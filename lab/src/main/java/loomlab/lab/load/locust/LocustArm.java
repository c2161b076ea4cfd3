package loomlab.lab.load.locust;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.WeightedPath;
import loomlab.core.arm.WeightedRequest;
import loomlab.core.bound.Pause;

/**
 * What Locust is asked to do for one arm, in its terms: the host, the requests and their weights,
 * closed-model users, a request count or a duration, the users' pause and the request timeout.
 *
 * @param label    names the arm in the locustfile and in the files of its run
 * @param host     scheme, host and port, no path: Locust's {@code --host}
 * @param requests requests in all, or 0 when the arm runs for {@code duration}
 * @param duration how long the arm measures, or null when it counts requests
 */
record LocustArm(String label, URI host, List<WeightedRequest> paths, int users, long requests, Duration duration,
                        Pause pause, Duration timeout) {
    public LocustArm {
        Objects.requireNonNull(label);
        Objects.requireNonNull(host);
        paths = List.copyOf(paths);
        Objects.requireNonNull(pause);
        Objects.requireNonNull(timeout);
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("at least one path");
        }
        if (users < 1) {
            throw new IllegalArgumentException("at least one user");
        }
        if ((requests > 0) == (duration != null)) {
            throw new IllegalArgumentException("an arm runs either a request count or a duration");
        }
    }

    /**
     * The arm of {@code plan} against {@code target}: the target's path (with its query), or the
     * plan's own weighted paths when its endpoint is a mix of them.
     */
    public static LocustArm of(HttpArmPlan plan, URI target, Duration timeout) {
        List<WeightedRequest> paths = plan.endpoint() instanceof Endpoint.Paths mix
                ? mix.paths().stream().map(WeightedRequest::get).toList()
                : List.of(WeightedRequest.get(new WeightedPath(pathOf(target), 1)));
        return new LocustArm(plan.name(), hostOf(target), paths, plan.users(), plan.load().requests(),
                plan.load().duration(), plan.load().pause(), timeout);
    }

    /** {@code http://host:port} of a URL. */
    public static URI hostOf(URI url) {
        return URI.create(url.getScheme() + "://" + url.getRawAuthority());
    }

    /** The path and query of a URL, {@code /} when it has none. */
    public static String pathOf(URI url) {
        String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
        return url.getRawQuery() == null ? path : path + "?" + url.getRawQuery();
    }

    public boolean countsRequests() {
        return requests > 0;
    }
}
