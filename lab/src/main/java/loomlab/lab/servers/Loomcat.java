package loomlab.lab.servers;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.threads.ExecutorMode;

/**
 * Seed 000's plain-socket server with a switchable request executor. Bound to a database
 * ({@link ServerOptions#database()}), it also serves {@code /db} (seed 004's query without a
 * framework) through a HikariCP pool.
 */
public final class Loomcat implements ServerUnderTest {
    @Override
    public ServerId id() {
        return ServerId.LOOMCAT;
    }

    @Override
    public Set<String> userPackages() {
        return Set.of("loomlab.loomcat");
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
        DatabaseBinding db = options.database();
        if (db != null) {
            args.addAll(List.of("--db-url", db.database().jdbcUrl(), "--db-user", db.database().user(),
                    "--db-password", db.database().password(), "--db-pool-min", Integer.toString(db.jdbcMinPool()),
                    "--db-pool-max", Integer.toString(db.jdbcMaxPool())));
        }
        return args;
    }

    @Override
    public String path(Endpoint endpoint, ServingModel model) {
        return switch (endpoint) {
            case Endpoint.Hello ignored -> "/hello";
            case Endpoint.Sleep sleep -> switch (sleep.holding()) {
                case NOTHING -> "/blocking/";
                case MONITOR -> "/sync/";
                case LOCK -> "/lock/";
                case CLASS_INIT -> "/pin/";
                case SHARED_LOCK -> "/deadlock/";
            } + sleep.millis();
            case Endpoint.DownstreamCall call -> "/downstream?delay=" + call.millis();
            case Endpoint.DatabaseRead read -> read.extraWaitMillis() > 0 ? "/db?sleepMs=" + read.extraWaitMillis()
                    : "/db";
            case Endpoint.CpuWork cpu -> "/cpu/" + cpu.iterations();
            case Endpoint.Paths paths -> throw ServerUnderTest.noSuchEndpoint(id(), endpoint);
        };
    }
}
