package loomlab.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import loomlab.lab.load.Capability;
import loomlab.lab.load.Engine;
import loomlab.lab.load.Engines;
import loomlab.lab.load.WorkerPlacement;
import picocli.CommandLine.Option;

/**
 * Where an engine's workers run, for every command that can load with an engine that runs workers
 * ({@link Capability#DISTRIBUTED}, Locust's master and workers): the help names those engines and
 * quotes what they state ({@code ${sys:loomlab.help.*}}, from {@link HelpValues}).
 */
final class WorkerOptions {
    @Option(names = "--workers", paramLabel = "N", converter = Converters.PositiveInt.class,
            description = "${sys:" + HelpValues.DISTRIBUTED + "}: worker processes on this machine (default 1; 0 when"
                    + " --worker-hosts or --external-workers is given).")
    Integer workers;

    @Option(names = "--worker-hosts", paramLabel = "HOST[,HOST...]",
            description = "${sys:" + HelpValues.DISTRIBUTED + "}: one worker on each host, started over ssh (key-based,"
                    + " BatchMode); each host needs ${sys:" + HelpValues.WORKER_NEEDS + "} and must reach"
                    + " --master-address.")
    String workerHosts;

    @Option(names = "--external-workers", paramLabel = "N", converter = Converters.PositiveInt.class,
            description = "${sys:" + HelpValues.DISTRIBUTED + "}: also wait for N workers you start yourself with the"
                    + " command the lab prints.")
    Integer externalWorkers;

    @Option(names = "--master-address", paramLabel = "ADDRESS",
            description = "${sys:" + HelpValues.DISTRIBUTED + "}: this machine's IP address as the workers reach it;"
                    + " Locust's master listens there, and under run so do the servers under test (default 127.0.0.1,"
                    + " enough for local workers).")
    String masterAddress;

    @Option(names = "--master-port", paramLabel = "PORT", converter = Converters.Port.class,
            description = "${sys:" + HelpValues.DISTRIBUTED + "}: the port Locust's master listens on (${sys:"
                    + HelpValues.MASTER_PORT + "}; 0 picks a free one).")
    Integer masterPort;

    @Option(names = "--worker-locust", paramLabel = "COMMAND",
            description = "${sys:" + HelpValues.DISTRIBUTED + "}: how the worker hosts run Locust (default: locust).")
    String workerLocust;

    /**
     * {@code engine} with its workers where these options put them; bad input for an option given to
     * an engine that runs no workers (naming the engines that do), or for workers that cannot work.
     */
    Engine placed(Engine engine, Engines engines) {
        if (engine.can(Capability.DISTRIBUTED)) {
            return engine.placed(new WorkerPlacement(workers, workerHosts, externalWorkers, masterAddress, masterPort,
                    workerLocust));
        }
        Map<String, Object> given = new LinkedHashMap<>();
        given.put("--workers", workers);
        given.put("--worker-hosts", workerHosts);
        given.put("--external-workers", externalWorkers);
        given.put("--master-address", masterAddress);
        given.put("--master-port", masterPort);
        given.put("--worker-locust", workerLocust);
        given.forEach((option, value) -> {
            if (value != null) {
                engines.require(engine, Capability.DISTRIBUTED, option);
            }
        });
        return engine;
    }
}
