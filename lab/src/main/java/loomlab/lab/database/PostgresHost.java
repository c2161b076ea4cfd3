package loomlab.lab.database;

import java.nio.file.Path;
import java.util.Objects;

/**
 * This machine as the lab's throwaway PostgreSQL needs it, read by the command line and handed down:
 * the folders {@code PATH} lists, where its programs are looked for after
 * {@code /usr/lib/postgresql/VERSION/bin}, and the temporary folder its files go to when the run's own
 * folder will not do (its socket's path too long, or out of the server account's reach).
 *
 * @param path            as {@code PATH} lists its folders; null when there is none
 * @param temporaryFolder the JVM's temporary folder
 */
public record PostgresHost(String path, Path temporaryFolder) {
    public PostgresHost {
        Objects.requireNonNull(temporaryFolder);
    }

    /** Whether this machine has the server's programs at all; tests that need a server skip without them. */
    public boolean binariesAvailable() {
        return PostgresBinaries.onThisMachine(path).isPresent();
    }

    /** A throwaway server, its files under {@code workDir} (see {@link ThrowawayPostgres#start}). */
    public ThrowawayPostgres start(Path workDir) throws DatabaseUnavailable {
        return ThrowawayPostgres.start(this, workDir);
    }
}
