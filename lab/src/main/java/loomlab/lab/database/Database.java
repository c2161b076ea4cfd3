package loomlab.lab.database;

import java.nio.file.Path;
import java.util.OptionalDouble;

/**
 * A PostgreSQL database the lab's servers can use: either an existing server the user named, or a
 * throwaway one the lab started and removes on {@link #close()}.
 */
public sealed interface Database extends AutoCloseable permits DatabaseTarget, ThrowawayPostgres {

    /** For JDBC clients, e.g. {@code jdbc:postgresql://127.0.0.1:5432/loomlab}. */
    String jdbcUrl();

    /** For the Vert.x client, e.g. {@code postgresql://127.0.0.1:5432/loomlab}. */
    default String reactiveUri() {
        return jdbcUrl().substring("jdbc:".length());
    }

    String user();

    String password();

    /** Whether the database can still be used; false once a throwaway server has died or closed. */
    boolean isRunning();

    /** One line for the report: where the database is and what runs it. */
    String describe();

    /**
     * CPU seconds the database's processes have used so far, when they run on this machine under
     * the lab's eye (a throwaway server); empty for a server the lab only connects to.
     */
    default OptionalDouble cpuSeconds() {
        return OptionalDouble.empty();
    }

    @Override
    void close();

    /**
     * The database experiments' database: the configured server when there is one (checked by
     * connecting), otherwise a throwaway server started on {@code host}, under {@code workDir}.
     *
     * @param configured the server named by the user, or null
     */
    static Database open(DatabaseTarget configured, PostgresHost host, Path workDir) throws DatabaseUnavailable {
        return configured != null ? configured.verified() : host.start(workDir);
    }
}
