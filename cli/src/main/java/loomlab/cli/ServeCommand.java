package loomlab.cli;

import java.net.URI;
import java.util.Iterator;
import java.util.concurrent.Callable;
import loomlab.core.BadInput;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.lab.servers.ServeRequest;
import loomlab.lab.servers.Servers;
import loomlab.threads.ExecutorMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "serve", mixinStandardHelpOptions = true, description = "Starts one server under test in its own JVM on 127.0.0.1 until Ctrl-C.")
final class ServeCommand implements Callable<Integer> {
    @Parameters(paramLabel = "SERVER", completionCandidates = Servable.class,
            description = "One of: ${COMPLETION-CANDIDATES}.")
    String server;

    @Option(names = "--mode", paramLabel = "MODE", description = "How it runs requests: " + ExecutorMode.CHOICES
            + " (on threads; default virtual), or " + ServingModel.REACTIVE + " (on an event loop: webflux, its only"
            + " mode and its default). quarkus serves each thread model on paths of its own, starts with a throwaway"
            + " PostgreSQL, and takes platform:N as its worker pool.")
    String mode;

    @Option(names = "--port", paramLabel = "PORT", converter = Converters.Port.class,
            description = "Port on 127.0.0.1; 0 (default) picks a free one.")
    int port;

    @Option(names = "--downstream", paramLabel = "URL", converter = Converters.HttpUrl.class,
            description = "The servers under test: base URL of the downstream service for /downstream.")
    URI downstream;

    @Option(names = "--delay-ms", paramLabel = "MILLIS", converter = Converters.PositiveInt.class,
            description = "downstream: default delay of an answer (50).")
    Integer delayMs;

    private final Lab lab;

    ServeCommand(Lab lab) {
        this.lab = lab;
    }

    @Override
    public Integer call() throws Exception {
        return lab.serve().serve(new ServeRequest(server, model(), port, downstream, delayMs));
    }

    /** {@code --mode} as given, or null for the server's own default: an event loop for webflux, virtual threads for the rest. */
    private ServingModel model() {
        if (mode == null) {
            return null;
        }
        try {
            return ServingModel.parse(mode);
        } catch (IllegalArgumentException e) {
            throw new BadInput("--mode: " + e.getMessage());
        }
    }

    /** The servers the lab can start, as the registry lists them, for the help. */
    static final class Servable implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Servers.standardIds().stream().map(ServerId::id).iterator();
        }
    }
}
