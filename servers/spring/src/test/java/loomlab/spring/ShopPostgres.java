package loomlab.spring;

import com.sun.security.auth.module.UnixSystem;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A throwaway PostgreSQL with the shop's tables ({@code db/shop.sql}), as {@code loomlab assess --postgres
 * --db-init servers/spring/db/shop.sql} gives the server one: the machine's own server programs, a cluster
 * in a folder of the build's (or of /tmp when its account cannot reach the build), on a free loopback port, as {@code nobody} when the tests run as root
 * (PostgreSQL refuses root). Closing stops it and deletes the folder. A smaller copy of the lab's own
 * (loomlab.lab.database), which this module cannot depend on: the lab is built after the servers.
 */
final class ShopPostgres implements AutoCloseable {
    static final String USER = "shop";
    private static final String DATABASE = "shop";
    private static final long LIMIT_SECONDS = 60;

    private final Path binaries;
    private final Path folder;
    private final int port;

    private ShopPostgres(Path binaries, Path folder, int port) {
        this.binaries = binaries;
        this.folder = folder;
        this.port = port;
    }

    /** The folder holding initdb and pg_ctl: PostgreSQL's own under /usr/lib/postgresql, else the PATH's. */
    static Optional<Path> binaries() {
        List<Path> candidates = new ArrayList<>();
        try (Stream<Path> versions = Files.list(Path.of("/usr/lib/postgresql"))) {
            versions.sorted(Comparator.reverseOrder()).map(v -> v.resolve("bin")).forEach(candidates::add);
        } catch (IOException none) {
            // not installed there
        }
        for (String entry : System.getenv().getOrDefault("PATH", "").split(":")) {
            candidates.add(Path.of(entry));
        }
        return candidates.stream().filter(f -> Files.isExecutable(f.resolve("initdb"))
                && Files.isExecutable(f.resolve("pg_ctl"))).findFirst();
    }

    static ShopPostgres start(Path binaries) throws Exception {
        Path folder = Files.createTempDirectory(parent(), "spring-it-pg-");
        try {
            run(List.of(binaries.resolve("initdb").toString(), "--pgdata=" + folder.resolve("data"),
                    "--username=" + USER, "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"), folder);
            int port;
            try (ServerSocket free = new ServerSocket(0)) {
                port = free.getLocalPort();
            }
            run(List.of(binaries.resolve("pg_ctl").toString(), "--pgdata=" + folder.resolve("data"),
                    "--log=" + folder.resolve("postgres.log"), "--wait", "--timeout=" + LIMIT_SECONDS,
                    "--options=-p " + port + " -c listen_addresses=127.0.0.1 -c unix_socket_directories=''"
                            + " -c fsync=off -c max_connections=40", "start"), folder);
            ShopPostgres postgres = new ShopPostgres(binaries, folder, port);
            postgres.load();
            return postgres;
        } catch (Exception | AssertionError e) {
            stop(binaries, folder);
            throw e;
        }
    }

    /**
     * The build's temporary folder (failsafe's java.io.tmpdir), unless the server's account could not reach
     * into it (a root's home folder lets no one else through): then /tmp.
     */
    private static Path parent() throws IOException {
        Path build = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath();
        if (!runningAsRoot()) {
            return build;
        }
        for (Path step = build; step != null; step = step.getParent()) {
            if (!Files.getPosixFilePermissions(step).contains(PosixFilePermission.OTHERS_EXECUTE)) {
                return Path.of("/tmp");
            }
        }
        return build;
    }

    private static boolean runningAsRoot() {
        return new UnixSystem().getUid() == 0;
    }

    String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + DATABASE;
    }

    /** The server's arguments for this database, as the lab's SpringBootLauncher gives them. */
    List<String> springArguments() {
        return List.of("--spring.datasource.url=" + jdbcUrl(), "--spring.datasource.username=" + USER,
                "--spring.datasource.password=unused");
    }

    private void load() throws IOException, SQLException {
        String script = Files.readString(Path.of("db/shop.sql"));
        try (Connection admin = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/postgres",
                USER, "");
             Statement statement = admin.createStatement()) {
            statement.execute("CREATE DATABASE " + DATABASE);
        }
        try (Connection shop = DriverManager.getConnection(jdbcUrl(), USER, "");
             Statement statement = shop.createStatement()) {
            statement.execute(script);
        }
    }

    @Override
    public void close() throws Exception {
        stop(binaries, folder);
    }

    private static void stop(Path binaries, Path folder) throws Exception {
        if (Files.exists(folder.resolve("data/postmaster.pid"))) {
            run(List.of(binaries.resolve("pg_ctl").toString(), "--pgdata=" + folder.resolve("data"), "--mode=immediate",
                    "--wait", "stop"), folder);
        }
        try (Stream<Path> all = Files.walk(folder)) {
            for (Path path : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    /** Runs a server program, as {@code nobody} when this JVM is root; its output goes to the folder. */
    private static void run(List<String> command, Path folder) throws Exception {
        List<String> full = new ArrayList<>();
        if (runningAsRoot()) {
            new ProcessBuilder("chown", "-R", "nobody:", folder.toString()).inheritIO().start().waitFor();
            full.addAll(List.of("runuser", "-u", "nobody", "--"));
        }
        full.addAll(command);
        Path log = folder.resolve("commands.log");
        Process process = new ProcessBuilder(full).directory(folder.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        if (!process.waitFor(LIMIT_SECONDS + 10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(command.getFirst() + " took more than " + LIMIT_SECONDS + " s");
        }
        if (process.exitValue() != 0) {
            throw new AssertionError(String.join(" ", command) + " exited " + process.exitValue() + ": "
                    + Files.readString(log));
        }
    }
}
