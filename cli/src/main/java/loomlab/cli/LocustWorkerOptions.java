package loomlab.cli;

import loomlab.lab.load.Capability;
import loomlab.lab.load.Engine;
import loomlab.lab.load.EngineChoice;
import loomlab.lab.load.locust.LocustInstall;
import loomlab.lab.load.locust.LocustWorkers;
import picocli.CommandLine.Option;

/** Where Locust's master and workers run ({@code --engine locust}), for every command that can load with it. */
final class LocustWorkerOptions {
    @Option(names = "--workers", paramLabel = "N", converter = Converters.PositiveInt.class,
            description = "--engine locust: worker processes on this machine (default 1; 0 when --worker-hosts or "
                    + "--external-workers is given).")
    Integer workers;

    @Option(names = "--worker-hosts", paramLabel = "HOST[,HOST...]",
            description = "--engine locust: one worker on each host, started over ssh (key-based, BatchMode); each "
                    + "host needs python3 with locust==" + LocustInstall.VERSION + " and must reach --master-address.")
    String workerHosts;

    @Option(names = "--external-workers", paramLabel = "N", converter = Converters.PositiveInt.class,
            description = "--engine locust: also wait for N workers you start yourself with the command the lab "
                    + "prints.")
    Integer externalWorkers;

    @Option(names = "--master-address", paramLabel = "ADDRESS",
            description = "--engine locust: this machine's IP address as the workers reach it; Locust's master listens "
                    + "there, and under run so do the servers under test (default 127.0.0.1, enough for local "
                    + "workers).")
    String masterAddress;

    @Option(names = "--master-port", paramLabel = "PORT", converter = Converters.Port.class,
            description = "--engine locust: the port Locust's master listens on (${sys:" + HelpValues.MASTER_PORT
                    + "}; 0 picks a free one).")
    Integer masterPort;

    @Option(names = "--worker-locust", paramLabel = "COMMAND",
            description = "--engine locust: how the worker hosts run Locust (default: locust).")
    String workerLocust;

    /** The engine with its workers; bad input for worker options without Locust or that cannot work. */
    EngineChoice choice(Engine engine) {
        if (!engine.can(Capability.DISTRIBUTED)) {
            requireLocustFor(engine, workers, "--workers");
            requireLocustFor(engine, workerHosts, "--worker-hosts");
            requireLocustFor(engine, externalWorkers, "--external-workers");
            requireLocustFor(engine, masterAddress, "--master-address");
            requireLocustFor(engine, masterPort, "--master-port");
            requireLocustFor(engine, workerLocust, "--worker-locust");
            return EngineChoice.of(engine);
        }
        return EngineChoice.locust(LocustWorkers.parse(workers, workerHosts, externalWorkers == null ? 0
                : externalWorkers, masterAddress, masterPort, workerLocust));
    }

    /** Where the workers run is an option only of an engine that runs workers. */
    private static void requireLocustFor(Engine engine, Object value, String option) {
        if (value != null) {
            engine.require(Capability.DISTRIBUTED, option);
        }
    }
}
