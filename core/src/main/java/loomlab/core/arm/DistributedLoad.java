package loomlab.core.arm;

import java.util.List;
import java.util.Objects;

/**
 * What an engine with several load processes (Locust's master and workers) reports beyond an arm's
 * figures: how many workers sent the load, each worker's own count, and how its figures differ
 * from the lab's generator.
 *
 * @param workers   workers that took part
 * @param perWorker each worker's own figures, as the worker counted them
 * @param note      what differs from the lab's generator, in a sentence or two
 */
public record DistributedLoad(int workers, List<WorkerLoad> perWorker, String note) {
    public DistributedLoad {
        perWorker = List.copyOf(perWorker);
        Objects.requireNonNull(note);
        if (workers < 1) {
            throw new IllegalArgumentException("at least one worker, got " + workers);
        }
    }

    /**
     * One worker's own figures over the measured window.
     *
     * @param name     the lab's name for it: {@code local-1}, the ssh host, {@code external-1}
     * @param host     the host name the worker reported
     * @param requests requests it sent and saw end (answered or failed)
     * @param failures of which failed (an error status, refused, timed out, broken)
     * @param elapsedS from the start signal to its last answer (or to the stop), by its own clock
     * @param cpuS     the worker process's own CPU over that time, or null when unknown
     * @param local    true when it ran on the lab's machine, where its CPU competes with the server's
     */
    public record WorkerLoad(String name, String host, long requests, long failures, Double elapsedS, Double cpuS,
                             boolean local) {
        public WorkerLoad {
            Objects.requireNonNull(name);
        }
    }

    /** Requests all workers counted: the same as the arm's request count when every report arrived. */
    public long requests() {
        return perWorker.stream().mapToLong(WorkerLoad::requests).sum();
    }
}
