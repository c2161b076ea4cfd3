package loomlab.load;

/**
 * How many event loops the lab's generator runs beside a service on the same machine: a quarter of the
 * cores it may use, at least one. One loop keeps up with wrk -t1 and leaves a small machine's other cores
 * to the service; on a large machine one loop is the ceiling of every search (a loop offers some
 * thousands of requests a second), so the loops grow with the cores while the service keeps three in
 * four of them.
 */
public final class GeneratorLoops {
    /** Cores per loop: the service keeps the other three of every four. */
    static final int CORES_PER_LOOP = 4;

    private GeneratorLoops() {
    }

    /** The loops for {@code cores} usable cores: 1 up to 7 cores, 2 from 8, 4 from 16, at most {@link LoadSpec#MAX_IO_THREADS}. */
    public static int forCores(int cores) {
        if (cores < 1) {
            throw new IllegalArgumentException("a machine has a core or more, got " + cores);
        }
        return Math.clamp(cores / CORES_PER_LOOP, 1, LoadSpec.MAX_IO_THREADS);
    }

    /** The loops for this JVM's usable cores (its CPU affinity and container limits included). */
    public static int here() {
        return forCores(Runtime.getRuntime().availableProcessors());
    }
}
