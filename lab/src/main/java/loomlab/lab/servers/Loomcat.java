package loomlab.lab.servers;

import java.util.ArrayList;
import java.util.List;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.lab.database.Database;
import loomlab.threads.ExecutorMode;

/**
 * Seed 000's plain-socket server with a switchable request executor. Bound to a database, it also
 * serves {@code /db} (seed 004's query without a framework) through a HikariCP pool.
 */
public final class Loomcat implements ServerUnderTest {
    private final Database database;
    private final int jdbcMinPool;
    private final int jdbcMaxPool;

    public Loomcat() {
        this(null, 0, 0);
    }

    private Loomcat(Database database, int jdbcMinPool, int jdbcMaxPool) {
        this.database = database;
        this.jdbcMinPool = jdbcMinPool;
        this.jdbcMaxPool = jdbcMaxPool;
    }

    /** loomcat reading {@code database} with a JDBC pool of {@code min} to {@code max} connections. */
    public static Loomcat onDatabase(Database database, int jdbcMinPool, int jdbcMaxPool) {
        return new Loomcat(database, jdbcMinPool, jdbcMaxPool);
    }

    @Override
    public ServerId id() {
        return ServerId.LOOMCAT;
    }

    @Override
    public java.util.Set<String> userPackages() {
        return java.util.Set.of("loomlab.loomcat");
    }

    @Override
    public String artefact() {
        return "servers/loomcat/target/loomcat.jar";
    }

    @Override
    public List<String> arguments(ServingModel model, ServerOptions options) {
        ExecutorMode mode = threads(model);
        List<String> args = new ArrayList<>(List.of("--mode", mode.toString(), "--port", Integer.toString(options.port())));
        if (options.address() != null) {
            args.addAll(List.of("--bind", options.address()));
        }
        if (options.downstreamUrl() != null) {
            args.add("--downstream");
            args.add(options.downstreamUrl());
        }
        if (database != null) {
            args.addAll(List.of("--db-url", database.jdbcUrl(), "--db-user", database.user(), "--db-password",
                    database.password(), "--db-pool-min", Integer.toString(jdbcMinPool), "--db-pool-max",
                    Integer.toString(jdbcMaxPool)));
        }
        return args;
    }

    @Override
    public String path(Endpoint endpoint, ServingModel model) {
        return switch (endpoint) {
            case Endpoint.Hello ignored -> "/hello";
            case Endpoint.Sleep sleep -> "/blocking/" + sleep.millis();
            case Endpoint.DownstreamCall call -> "/downstream?delay=" + call.millis();
            case Endpoint.DatabaseRead read -> read.extraWaitMillis() > 0 ? "/db?sleepMs=" + read.extraWaitMillis()
                    : "/db";
            case Endpoint.CpuWork cpu -> "/cpu/" + cpu.iterations();
            case Endpoint.ClassInitSleep pin -> "/pin/" + pin.millis();
            case Endpoint.SynchronizedSleep sync -> "/sync/" + sync.millis();
            case Endpoint.LockedSleep lock -> "/lock/" + lock.millis();
            case Endpoint.SharedLockSleep shared -> "/deadlock/" + shared.millis();
            case Endpoint.Paths paths -> throw ServerUnderTest.noSuchEndpoint(id(), endpoint);
        };
    }
}
