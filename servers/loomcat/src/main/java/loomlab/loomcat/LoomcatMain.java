package loomlab.loomcat;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Optional;
import loomlab.http.ServerArgs;
import loomlab.http.ServerConfig;
import loomlab.http.ServerLauncher;
import loomlab.http.UsageException;
import loomlab.threads.ExecutorMode;

/** {@code java -jar loomcat.jar [--port N] [--mode MODE] [--downstream URL] [--parent-pid PID]} */
public final class LoomcatMain {
    static final ServerArgs.Option MODE = new ServerArgs.Option("--mode", "MODE",
            "request executor: " + ExecutorMode.CHOICES + " (default virtual)");
    static final ServerArgs.Option DOWNSTREAM = new ServerArgs.Option("--downstream", "URL",
            "base URL of the downstream service that /downstream calls, e.g. http://127.0.0.1:8081");
    static final ServerArgs.Option DB_URL = new ServerArgs.Option("--db-url", "URL",
            "PostgreSQL that /db reads, e.g. jdbc:postgresql://127.0.0.1:5432/loomlab (its blogposts table is"
                    + " recreated)");
    static final ServerArgs.Option DB_USER = new ServerArgs.Option("--db-user", "USER", "the database user");
    static final ServerArgs.Option DB_PASSWORD = new ServerArgs.Option("--db-password", "PASSWORD",
            "the database password (default none)");
    static final ServerArgs.Option DB_POOL_MIN = new ServerArgs.Option("--db-pool-min", "N",
            "JDBC connections kept open (default 10)");
    static final ServerArgs.Option DB_POOL_MAX = new ServerArgs.Option("--db-pool-max", "N",
            "JDBC connections at most (default 10)");
    static final ServerArgs.Option POOL = new ServerArgs.Option("--pool", "N",
            "the pool size of --mode platform (--mode platform --pool 10 is platform:10); the other modes ignore it,"
                    + " so one command line serves every mode");
    static final List<ServerArgs.Option> OPTIONS = List.of(MODE, POOL, DOWNSTREAM, DB_URL, DB_USER, DB_PASSWORD,
            DB_POOL_MIN, DB_POOL_MAX);
    private static final int DEFAULT_POOL = 10;
    private static final int MAX_POOL = 10_000;

    private LoomcatMain() {
    }

    public static void main(String[] args) {
        // HikariCP's own messages: only what is wrong (a lost database), in this server's log.
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
        ServerLauncher.launch("loomcat", args, OPTIONS, LoomcatMain::start);
    }

    static Loomcat start(ServerArgs args) throws IOException, UsageException {
        return Loomcat.start(new ServerConfig("loomcat", args.port(), mode(args), args.bind()), downstream(args),
                database(args));
    }

    static Optional<DatabaseSettings> database(ServerArgs args) throws UsageException {
        Optional<String> url = args.value(DB_URL.name());
        if (url.isEmpty()) {
            for (ServerArgs.Option option : List.of(DB_USER, DB_PASSWORD, DB_POOL_MIN, DB_POOL_MAX)) {
                if (args.value(option.name()).isPresent()) {
                    throw new UsageException(option.name() + " needs --db-url as well");
                }
            }
            return Optional.empty();
        }
        if (!url.get().startsWith("jdbc:postgresql://")) {
            throw new UsageException("--db-url must look like jdbc:postgresql://HOST:PORT/DATABASE, not '" + url.get()
                    + "'");
        }
        String user = args.value(DB_USER.name()).orElseThrow(() -> new UsageException("--db-url needs --db-user"));
        int max = (int) args.longValue(DB_POOL_MAX.name(), DEFAULT_POOL, 1, MAX_POOL);
        int min = (int) args.longValue(DB_POOL_MIN.name(), Math.min(DEFAULT_POOL, max), 0, max);
        return Optional.of(new DatabaseSettings(url.get(), user, args.value(DB_PASSWORD.name()).orElse(""), min, max));
    }

    static ExecutorMode mode(ServerArgs args) throws UsageException {
        Optional<String> text = args.value(MODE.name());
        if (args.value(POOL.name()).isPresent()) {
            int pool = (int) args.longValue(POOL.name(), DEFAULT_POOL, 1, MAX_POOL);
            if (text.isPresent() && text.get().strip().equals("platform")) {
                return ExecutorMode.platform(pool);
            }
            if (text.isPresent() && text.get().strip().startsWith("platform:")) {
                throw new UsageException("--pool " + pool + " and --mode " + text.get() + " both give the pool size;"
                        + " give it once");
            }
        }
        try {
            return text.map(ExecutorMode::parse).orElseGet(ExecutorMode::virtual);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    static Optional<URI> downstream(ServerArgs args) throws UsageException {
        Optional<String> text = args.value(DOWNSTREAM.name());
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            URI uri = new URI(text.get());
            if (!"http".equals(uri.getScheme()) || uri.getHost() == null) {
                throw new URISyntaxException(text.get(), "expected http://host[:port]");
            }
            return Optional.of(uri);
        } catch (URISyntaxException e) {
            throw new UsageException("--downstream must be an http:// URL like http://127.0.0.1:8081, not '" + text.get() + "'");
        }
    }
}
