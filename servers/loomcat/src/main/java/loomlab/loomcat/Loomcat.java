package loomlab.loomcat;

import java.io.IOException;
import java.net.URI;
import java.sql.SQLException;
import java.util.Optional;
import loomlab.http.BlockingHttpClient;
import loomlab.http.HttpServerCore;
import loomlab.http.ServerApp;
import loomlab.http.ServerConfig;
import loomlab.http.ServerStats;
import loomlab.threads.ExecutorMode;

/** Seed 000's server under test: a Tomcat-shaped server whose request executor is the experiment's variable. */
public final class Loomcat extends ServerApp {
    private final BlockingHttpClient client;
    private final Optional<BlogDatabase> database;

    private Loomcat(HttpServerCore server, BlockingHttpClient client, Optional<BlogDatabase> database) {
        super(server);
        this.client = client;
        this.database = database;
    }

    /**
     * Starts loomcat on 127.0.0.1.
     *
     * @param port 0 picks a free port
     * @param downstream base URL that /downstream calls, if any
     */
    public static Loomcat start(int port, ExecutorMode mode, Optional<URI> downstream) throws IOException {
        return start(port, mode, downstream, Optional.empty());
    }

    /**
     * Starts loomcat on 127.0.0.1, with {@code /db} reading the database when one is given (its
     * table is recreated first).
     */
    static Loomcat start(int port, ExecutorMode mode, Optional<URI> downstream, Optional<DatabaseSettings> settings)
            throws IOException {
        return start(new ServerConfig("loomcat", port, mode), downstream, settings);
    }

    /** Starts loomcat as {@code config} says (its address, port and mode). */
    static Loomcat start(ServerConfig config, Optional<URI> downstream, Optional<DatabaseSettings> settings)
            throws IOException {
        ExecutorMode mode = config.mode();
        ServerStats stats = new ServerStats(mode.toString());
        BlockingHttpClient client = new BlockingHttpClient();
        Optional<BlogDatabase> database = Optional.empty();
        try {
            database = settings.isEmpty() ? Optional.empty() : Optional.of(BlogDatabase.open(settings.get()));
            HttpServerCore server = HttpServerCore.start(config,
                    Endpoints.router(stats, client, downstream, database), stats);
            return new Loomcat(server, client, database);
        } catch (SQLException e) {
            client.close();
            throw new IOException("cannot use the database at " + settings.get().jdbcUrl() + ": " + e.getMessage(), e);
        } catch (IOException | RuntimeException e) {
            client.close();
            database.ifPresent(BlogDatabase::close);
            throw e;
        }
    }

    @Override
    protected void releaseResources() {
        client.close();
        database.ifPresent(BlogDatabase::close);
    }
}
