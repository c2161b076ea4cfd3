package loomlab.lab.servers;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.lab.database.Database;

/**
 * Seed 004's server: Quarkus reading PostgreSQL. It always needs a database ({@link
 * ServerOptions#database()}): the database and the pools are passed as {@code -D} properties;
 * which thread serves a request is the endpoint's choice, so the executor mode does not change the
 * command line.
 */
public final class Quarkus implements ServerUnderTest {
    @Override
    public boolean needsDatabase() {
        return true;
    }

    @Override
    public ServerId id() {
        return ServerId.QUARKUS;
    }

    @Override
    public Set<String> userPackages() {
        return Set.of("loomlab.quarkus");
    }

    /**
     * Its fast-jar is plain jars already, so its classes can be archived as they are, and an archive
     * shortens each arm's start (docs/measurements.md, "Start-up: what an arm's start and stop cost").
     */
    @Override
    public boolean sharesClassData() {
        return true;
    }

    @Override
    public String artefact() {
        return "servers/quarkus/target/quarkus-app/quarkus-run.jar";
    }

    @Override
    public List<String> jvmFlags(ServingModel model, ServerOptions options) {
        threads(model);
        DatabaseBinding db = options.database();
        if (db == null) {
            throw new IllegalArgumentException("quarkus needs a database to start with");
        }
        Database database = db.database();
        List<String> flags = new ArrayList<>(List.of(
                "-Dquarkus.http.port=" + options.port(),
                "-Dquarkus.datasource.jdbc.url=" + database.jdbcUrl(),
                "-Dquarkus.datasource.reactive.url=" + database.reactiveUri(),
                "-Dquarkus.datasource.username=" + database.user(),
                "-Dquarkus.datasource.password=" + database.password(),
                "-Dquarkus.datasource.jdbc.min-size=" + db.jdbcMinPool(),
                "-Dquarkus.datasource.jdbc.max-size=" + db.jdbcMaxPool()));
        if (db.workerPool() != null) {
            // Quarkus 3 runs blocking endpoints on this pool; the seed's worker-pool-size is its old name.
            flags.add("-Dquarkus.thread-pool.max-threads=" + db.workerPool());
        }
        if (options.address() != null) {
            flags.add("-Dquarkus.http.host=" + options.address());
        }
        return flags;
    }

    @Override
    public List<String> arguments(ServingModel model, ServerOptions options) {
        return List.of();
    }

    /** Virtual threads have paths of their own ({@code @RunOnVirtualThread}); the worker pool serves the rest. */
    @Override
    public String path(Endpoint endpoint, ServingModel model) {
        if (!(endpoint instanceof Endpoint.DatabaseRead read)) {
            throw ServerUnderTest.noSuchEndpoint(id(), endpoint);
        }
        String base = threads(model).isVirtual() ? "/sandbox/loom/jdbc" : "/sandbox/blocking/jdbc";
        return read.extraWaitMillis() > 0 ? base + "-slow?sleepMs=" + read.extraWaitMillis() : base;
    }
}
