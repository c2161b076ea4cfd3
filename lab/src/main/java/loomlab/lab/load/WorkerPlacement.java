package loomlab.lab.load;

/**
 * Where an engine's workers run, as {@code --workers} and the options beside it asked, each null when
 * not given: read by an engine that runs workers ({@link Capability#DISTRIBUTED}), bad input for any other.
 *
 * @param local          worker processes on this machine
 * @param hosts          hosts to start one worker on each, over ssh, comma-separated
 * @param external       workers the user starts with the command the lab prints
 * @param masterAddress  this machine's IP address as the workers reach it
 * @param masterPort     the port the workers' master listens on
 * @param workerCommand  how the worker hosts run the engine
 */
public record WorkerPlacement(Integer local, String hosts, Integer external, String masterAddress,
                              Integer masterPort, String workerCommand) {
    /** No option given: the engine's own default. */
    public static final WorkerPlacement DEFAULT = new WorkerPlacement(null, null, null, null, null, null);
}
