package loomlab.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import loomlab.core.BadInput;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.lab.database.Database;
import loomlab.lab.database.DatabaseUnavailable;
import loomlab.lab.process.Folders;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.servers.DatabaseBinding;
import loomlab.lab.servers.ServerOptions;
import loomlab.lab.servers.ServerUnderTest;
import loomlab.lab.servers.Servers;
import loomlab.threads.ExecutorMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "serve", mixinStandardHelpOptions = true, description = "Starts one server under test in its own JVM on 127.0.0.1 until Ctrl-C.")
final class ServeCommand implements Callable<Integer> {
    /** The most connections a served Quarkus or loomcat opens to its database: the seed's pool. */
    private static final int DATABASE_POOL = 90;

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
    java.net.URI downstream;

    @Option(names = "--delay-ms", paramLabel = "MILLIS", converter = Converters.PositiveInt.class,
            description = "downstream: default delay of an answer (50).")
    Integer delayMs;

    @Override
    public Integer call() throws Exception {
        JavaLauncher launcher = CliEnvironment.javaLauncher();
        Servers servers = Servers.standard(launcher, new ProcessSupervisor()).keepingClassData();
        ServerUnderTest adapter = servers.named(server);
        ServerId id = adapter.id();
        ServingModel model = model(adapter);
        ServerOptions options = new ServerOptions(port, downstream == null ? null : downstream.toString(), delayMs);
        if (adapter.needsDatabase()) {
            adapter.threads(model); // a mode it cannot run is bad input before any database starts
        }
        try (Database database = adapter.needsDatabase() ? throwawayDatabase(id) : null) {
            if (database != null) {
                options = options.withDatabase(new DatabaseBinding(database, 0, DATABASE_POOL, model.executor()
                        .filter(mode -> !mode.isVirtual()).map(ExecutorMode::concurrencyLimit).orElse(null)));
            }
            List<String> command = new ArrayList<>(servers.command(id, model, servers.labJava(), options));
            // A temporary folder of the server's own, as in a run: what its framework writes there goes with
            // it. Made once the command is known to be good, so that bad input leaves none behind.
            Path temporary = Files.createTempDirectory("loomlab-serve-");
            command.add(1, Servers.temporaryFolderFlag(temporary));
            // The server shares this terminal: it prints its own "listening on" line, and Ctrl-C
            // reaches both; the hook makes sure it is gone when this process ends for any reason.
            Process process;
            try {
                process = new ProcessBuilder(command).inheritIO().start();
            } catch (java.io.IOException e) {
                Folders.deleteQuietly(temporary);
                throw e;
            }
            Thread stopper = new Thread(() -> stop(process, temporary), "loomlab-serve-stop");
            Runtime.getRuntime().addShutdownHook(stopper);
            int exitCode = process.waitFor();
            stop(process, temporary);
            return exitCode;
        }
    }

    /**
     * Stops the server (politely, then by force) and deletes its temporary folder once it has gone.
     * Ctrl-C runs it from the hook while the command's own thread, its server gone, runs it too: one at a
     * time, so neither stops halfway through the other's deletion.
     */
    private static synchronized void stop(Process process, Path temporary) {
        process.toHandle().destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.toHandle().destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Folders.deleteQuietly(temporary);
    }

    /**
     * A throwaway PostgreSQL for a server that cannot start without one (Quarkus); it stops with the
     * server. Without PostgreSQL's binaries, bad input saying so.
     */
    private static Database throwawayDatabase(ServerId id) {
        try {
            Database database = Database.open(null, Path.of(System.getProperty("java.io.tmpdir")));
            System.out.println("database: " + database.describe() + " (stops with " + id.id() + ")");
            return database;
        } catch (DatabaseUnavailable e) {
            throw new BadInput(id.id() + " needs a database: " + e.getMessage());
        }
    }

    /** {@code --mode} as given, or the server's own default: an event loop for webflux, virtual threads for the rest. */
    private ServingModel model(ServerUnderTest adapter) {
        if (mode == null) {
            return adapter.defaultModel();
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
        public java.util.Iterator<String> iterator() {
            return Servers.standardIds().stream().map(ServerId::id).iterator();
        }
    }
}
