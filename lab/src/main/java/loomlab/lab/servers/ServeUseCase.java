package loomlab.lab.servers;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import loomlab.core.BadInput;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.lab.database.Database;
import loomlab.lab.database.DatabaseUnavailable;
import loomlab.lab.database.PostgresHost;
import loomlab.lab.process.Folders;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.threads.ExecutorMode;

/**
 * {@code loomlab serve}: one server under test in a JVM of its own, sharing this terminal, until it ends
 * or Ctrl-C. A server that needs a database (Quarkus) gets a throwaway PostgreSQL that stops with it.
 *
 * @param servers         the registry the server is named in
 * @param postgres        where a served server's throwaway PostgreSQL runs
 * @param temporaryFolder where the server's own temporary folder and its database's are made
 * @param console         where the database is described
 */
public record ServeUseCase(Servers servers, PostgresHost postgres, Path temporaryFolder, PrintStream console) {
    /** The most connections a served Quarkus or loomcat opens to its database: the seed's pool. */
    public static final int SERVED_DATABASE_POOL = 90;

    /** Starts the server and waits for it: its exit code. */
    public int serve(ServeRequest request) throws InterruptedException, IOException {
        ServerUnderTest adapter = servers.named(request.server());
        ServerId id = adapter.id();
        ServingModel model = request.model() != null ? request.model() : adapter.defaultModel();
        ServerOptions options = new ServerOptions(request.port(), request.downstream() == null ? null
                : request.downstream().toString(), request.delayMs());
        if (adapter.needsDatabase()) {
            adapter.threads(model); // a mode it cannot run is bad input before any database starts
        }
        try (Database database = adapter.needsDatabase() ? servedDatabase(id) : null) {
            if (database != null) {
                options = options.withDatabase(new DatabaseBinding(database, 0, SERVED_DATABASE_POOL, model.executor()
                        .filter(mode -> !mode.isVirtual()).map(ExecutorMode::concurrencyLimit).orElse(null)));
            }
            List<String> command = new ArrayList<>(servers.command(id, model, servers.labJava(), options));
            // A temporary folder of the server's own, as in a run: what its framework writes there goes with
            // it. Made once the command is known to be good, so that bad input leaves none behind.
            Path temporary = Files.createTempDirectory(temporaryFolder, "loomlab-serve-");
            command.add(1, Servers.temporaryFolderFlag(temporary));
            // The server shares this terminal: it prints its own "listening on" line, and Ctrl-C
            // reaches both; the hook makes sure it is gone when this process ends for any reason.
            Process process;
            try {
                process = ProcessSupervisor.startCommand(command, ProcessBuilder::inheritIO);
            } catch (IOException e) {
                Folders.deleteQuietly(temporary);
                throw e;
            }
            Thread stopper = new Thread(() -> stopServed(process, temporary), "loomlab-serve-stop");
            Runtime.getRuntime().addShutdownHook(stopper);
            int exitCode = process.waitFor();
            stopServed(process, temporary);
            return exitCode;
        }
    }

    /** A throwaway PostgreSQL for a served server that cannot start without one; bad input without its programs. */
    private Database servedDatabase(ServerId id) {
        try {
            Database database = postgres.start(temporaryFolder);
            console.println("database: " + database.describe() + " (stops with " + id.id() + ")");
            return database;
        } catch (DatabaseUnavailable e) {
            throw new BadInput(id.id() + " needs a database: " + e.getMessage());
        }
    }

    /**
     * Stops the served server (politely, then by force) and deletes its temporary folder once it has
     * gone. Ctrl-C runs it from the hook while the command's own thread, its server gone, runs it too: one
     * at a time, so neither stops halfway through the other's deletion.
     */
    private static synchronized void stopServed(Process process, Path temporary) {
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
}
