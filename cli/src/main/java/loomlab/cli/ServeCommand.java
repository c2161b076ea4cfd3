package loomlab.cli;

import java.util.List;
import java.util.concurrent.Callable;
import loomlab.core.arm.ServerId;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.servers.ServerOptions;
import loomlab.lab.servers.Servers;
import loomlab.threads.ExecutorMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "serve", mixinStandardHelpOptions = true, description = "Starts one server under test in its own JVM on 127.0.0.1 until Ctrl-C.")
final class ServeCommand implements Callable<Integer> {
    @Parameters(paramLabel = "SERVER", description = "loomcat, spring or downstream.")
    String server;

    @Option(names = "--mode", paramLabel = "MODE", converter = Converters.Mode.class,
            description = "Request executor: " + ExecutorMode.CHOICES + " (default virtual).")
    ExecutorMode mode = ExecutorMode.virtual();

    @Option(names = "--port", paramLabel = "PORT", converter = Converters.Port.class,
            description = "Port on 127.0.0.1; 0 (default) picks a free one.")
    int port;

    @Option(names = "--downstream", paramLabel = "URL", converter = Converters.HttpUrl.class,
            description = "loomcat: base URL of the downstream service for /downstream.")
    java.net.URI downstream;

    @Option(names = "--delay-ms", paramLabel = "MILLIS", converter = Converters.PositiveInt.class,
            description = "downstream: default delay of an answer (50).")
    Integer delayMs;

    @Override
    public Integer call() throws Exception {
        JavaLauncher launcher = JavaLauncher.fromEnvironment();
        Servers servers = Servers.standard(launcher, new ProcessSupervisor());
        List<String> command = servers.command(ServerId.parse(server), mode, servers.labJava(), new ServerOptions(port,
                downstream == null ? null : downstream.toString(), delayMs));
        // The server shares this terminal: it prints its own "listening on" line, and Ctrl-C
        // reaches both; the hook makes sure it is gone when this process ends for any reason.
        Process process = new ProcessBuilder(command).inheritIO().start();
        Thread stopper = new Thread(() -> process.toHandle().destroy(), "loomlab-serve-stop");
        Runtime.getRuntime().addShutdownHook(stopper);
        return process.waitFor();
    }
}
