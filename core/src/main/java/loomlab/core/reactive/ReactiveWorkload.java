package loomlab.core.reactive;

import java.util.List;
import loomlab.core.arm.Endpoint;

/**
 * What the reactive experiment's arms are asked to do, the same on every server: seed 000's 50 ms
 * downstream call, alone or with one request in ten doing CPU-bound work instead.
 *
 * @param label       how the workload is named in arm names and results
 * @param paths       the endpoints of the mix and their weights
 */
public record ReactiveWorkload(String label, List<Weighted> paths) {
    /** The downstream's delay, seed 000's. */
    public static final long DOWNSTREAM_MILLIS = 50;
    /**
     * Seed 001's BigInteger count, the CPU path's work: a few milliseconds of one core per request when
     * warm (docs/measurements.md, "Carried over from code comments").
     */
    public static final long CPU_ITERATIONS = 200_000;

    public static final ReactiveWorkload DOWNSTREAM_CALL = new ReactiveWorkload("downstream call",
            List.of(new Weighted(new Endpoint.DownstreamCall(DOWNSTREAM_MILLIS), 1)));
    public static final ReactiveWorkload CALL_AND_CPU = new ReactiveWorkload("call + 1 in 10 CPU",
            List.of(new Weighted(new Endpoint.DownstreamCall(DOWNSTREAM_MILLIS), 9),
                    new Weighted(new Endpoint.CpuWork(CPU_ITERATIONS), 1)));

    public ReactiveWorkload {
        paths = List.copyOf(paths);
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("a workload has at least one path");
        }
    }

    public static List<ReactiveWorkload> all() {
        return List.of(DOWNSTREAM_CALL, CALL_AND_CPU);
    }

    /** True when some request calls the downstream service. */
    public boolean needsDownstream() {
        return paths.stream().anyMatch(p -> p.endpoint().needsDownstream());
    }

    /** An endpoint and how many of every sum-of-weights requests ask for it. */
    public record Weighted(Endpoint endpoint, int weight) {
        public Weighted {
            if (weight < 1) {
                throw new IllegalArgumentException("a weight is at least 1, got " + weight);
            }
        }
    }
}
