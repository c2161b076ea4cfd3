package loomlab.lab.database;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import loomlab.lab.process.ProcStat;

/**
 * A PostgreSQL server of the lab's own: a fresh cluster in a temporary folder, listening on a free
 * loopback port, tuned for speed over durability (no fsync), and gone, process and folder, once
 * closed. A shutdown hook closes it when the lab exits without doing so, and the next start removes
 * what a killed lab left behind.
 */
public final class ThrowawayPostgres implements Database {
    public static final String DATABASE = "loomlab";
    public static final String USER = "loomlab";
    static final String FOLDER_PREFIX = "loomlab-pg-";
    private static final String HOST = "127.0.0.1";
    /** Unix socket paths are limited to 107 bytes; longer folders put the server in the temp folder. */
    private static final int MAX_SOCKET_PATH = 100;
    private static final int PORT_ATTEMPTS = 3;
    /** Enough for the seed's JDBC pool of 90 plus a reactive pool, with room for the lab's checks. */
    private static final int MAX_CONNECTIONS = 300;
    private static final Duration INIT_LIMIT = Duration.ofSeconds(120);
    private static final Duration START_LIMIT = Duration.ofSeconds(60);
    private static final Duration STOP_LIMIT = Duration.ofSeconds(20);
    private static final Duration EXIT_WAIT = Duration.ofSeconds(10);

    private final PostgresBinaries binaries;
    private final ServerAccount account;
    private final Path folder;
    private final int port;
    private final String password;
    private final long postmasterPid;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread closeAtExit = new Thread(this::close, "loomlab-postgres-cleanup");
    private String version = "";

    private ThrowawayPostgres(PostgresBinaries binaries, ServerAccount account, Path folder, int port,
                              String password, long postmasterPid) {
        this.binaries = binaries;
        this.account = account;
        this.folder = folder;
        this.port = port;
        this.password = password;
        this.postmasterPid = postmasterPid;
    }

    /**
     * Starts a server with the machine's PostgreSQL binaries, its files in a new folder under
     * {@code workDir} (or the host's temporary folder when the server's account cannot reach that).
     */
    static ThrowawayPostgres start(PostgresHost host, Path workDir) throws DatabaseUnavailable {
        PostgresBinaries binaries = PostgresBinaries.onThisMachine(host.path()).orElseThrow(() -> new DatabaseUnavailable(
                "no PostgreSQL server binaries (initdb, pg_ctl, postgres) in /usr/lib/postgresql/*/bin or on the "
                        + "PATH; install PostgreSQL or name a server with --db-url"));
        ServerAccount account = ServerAccount.forThisProcess();
        Path parent = parentFolder(workDir, host.temporaryFolder(), account);
        sweepOrphans(parent);
        Path folder = createFolder(parent, account);
        ThrowawayPostgres server = null;
        try {
            String password = HexFormat.of().formatHex(randomBytes());
            initialise(binaries, account, folder, password);
            server = startOnFreePort(binaries, account, folder, password);
            Runtime.getRuntime().addShutdownHook(server.closeAtExit);
            server.createDatabase();
            return server;
        } catch (DatabaseUnavailable | RuntimeException e) {
            if (server != null) {
                server.close();
            } else {
                deleteFolder(folder);
            }
            throw e;
        }
    }

    @Override
    public String jdbcUrl() {
        return "jdbc:postgresql://" + HOST + ":" + port + "/" + DATABASE;
    }

    @Override
    public String user() {
        return USER;
    }

    @Override
    public String password() {
        return password;
    }

    public int port() {
        return port;
    }

    /** The programs that run it (psql beside them, where the machine has it). */
    PostgresBinaries binaries() {
        return binaries;
    }

    /** The folder holding the cluster, its log and its socket; deleted on close. */
    public Path folder() {
        return folder;
    }

    /** The server's main process; checked by {@link #isRunning()}, killed if it will not stop. */
    public long pid() {
        return postmasterPid;
    }

    /** False once closed, and also when the server died on its own (the lab then skips its arms). */
    @Override
    public boolean isRunning() {
        return !closed.get() && ProcessHandle.of(postmasterPid).map(ProcessHandle::isAlive).orElse(false);
    }

    /**
     * The postmaster and every backend it has forked now, each with what its children that it has
     * waited for spent: the postmaster reaps a backend that ends, so the backend's CPU moves into the
     * postmaster's count of reaped children rather than leaving the sum between two readings.
     */
    @Override
    public OptionalDouble cpuSeconds() {
        Optional<ProcessHandle> postmaster = ProcessHandle.of(postmasterPid).filter(ProcessHandle::isAlive);
        if (closed.get() || postmaster.isEmpty()) {
            return OptionalDouble.empty();
        }
        double total = 0;
        for (ProcessHandle process : Stream.concat(Stream.of(postmaster.get()), postmaster.get().descendants())
                .toList()) {
            total += ProcStat.cpuSeconds(process.pid()).orElse(0)
                    + ProcStat.reapedChildrenCpuSeconds(process.pid()).orElse(0);
        }
        return OptionalDouble.of(total);
    }

    @Override
    public String describe() {
        return "throwaway PostgreSQL " + version + " at " + HOST + ":" + port + " (" + binaries.bin() + ", "
                + account.describe() + ", fsync off)";
    }

    /** Stops the server at once (no checkpoint: the data is thrown away) and deletes its folder. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(closeAtExit);
        } catch (IllegalStateException | IllegalArgumentException alreadyExitingOrNeverAdded) {
            // Either the hook is what is running now, or start failed before adding it.
        }
        stopServer(binaries, account, folder, postmasterPid);
        deleteFolder(folder);
    }

    private void createDatabase() throws DatabaseUnavailable {
        String maintenanceUrl = "jdbc:postgresql://" + HOST + ":" + port + "/postgres";
        try (Connection connection = Jdbc.connect(maintenanceUrl, USER, password);
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + DATABASE);
            version = connection.getMetaData().getDatabaseProductVersion();
        } catch (SQLException e) {
            throw new DatabaseUnavailable("PostgreSQL started but the database could not be created", e);
        }
    }

    private static void initialise(PostgresBinaries binaries, ServerAccount account, Path folder, String password)
            throws DatabaseUnavailable {
        Path passwordFile = folder.resolve("password");
        try {
            Files.writeString(passwordFile, password + "\n", StandardCharsets.US_ASCII);
            account.own(folder);
            Commands.require("initdb", account.command(List.of(binaries.program("initdb").toString(),
                    "--pgdata=" + folder.resolve("data"), "--username=" + USER, "--pwfile=" + passwordFile,
                    "--auth-host=scram-sha-256", "--auth-local=trust", "--encoding=UTF8", "--locale=C",
                    "--no-sync")), folder, folder.resolve("initdb.log"), INIT_LIMIT);
        } catch (IOException e) {
            throw new DatabaseUnavailable("cannot write the password file in " + folder, e);
        } finally {
            try {
                Files.deleteIfExists(passwordFile);
            } catch (IOException ignored) {
                // The whole folder goes on close.
            }
        }
    }

    /** Picks a free port and starts there; another process can take it first, hence a few tries. */
    private static ThrowawayPostgres startOnFreePort(PostgresBinaries binaries, ServerAccount account, Path folder,
                                                     String password) throws DatabaseUnavailable {
        Path serverLog = folder.resolve("postgres.log");
        DatabaseUnavailable lastFailure = null;
        for (int attempt = 0; attempt < PORT_ATTEMPTS; attempt++) {
            int port = freePort();
            List<String> start = List.of(binaries.program("pg_ctl").toString(), "--pgdata=" + folder.resolve("data"),
                    "--log=" + serverLog, "--wait", "--timeout=" + START_LIMIT.toSeconds(),
                    "--options=" + serverOptions(folder, port), "start");
            int exit = Commands.run(account.command(start), folder, folder.resolve("pg_ctl.log"),
                    START_LIMIT.plusSeconds(10));
            if (exit == 0) {
                return new ThrowawayPostgres(binaries, account, folder, port, password, postmasterPid(folder));
            }
            stopServer(binaries, account, folder, postmasterPidIfAny(folder).orElse(-1L));
            lastFailure = new DatabaseUnavailable("PostgreSQL did not start (pg_ctl exit " + exit + "): "
                    + Commands.lastLine(serverLog));
            if (!portWasTaken(serverLog)) {
                break;
            }
        }
        throw lastFailure;
    }

    /** Server settings: loopback only, sockets in its own folder, and no waiting for the disk. */
    static String serverOptions(Path folder, int port) {
        return String.join(" ", "-p", Integer.toString(port),
                "-c", "listen_addresses=" + HOST,
                "-c", "unix_socket_directories='" + folder + "'",
                "-c", "max_connections=" + MAX_CONNECTIONS,
                "-c", "fsync=off",
                "-c", "synchronous_commit=off",
                "-c", "full_page_writes=off");
    }

    private static boolean portWasTaken(Path serverLog) {
        try {
            String log = Files.readString(serverLog);
            return log.contains("could not bind") || log.contains("Address already in use");
        } catch (IOException e) {
            return false;
        }
    }

    private static int freePort() throws DatabaseUnavailable {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new DatabaseUnavailable("no free port on " + HOST, e);
        }
    }

    private static long postmasterPid(Path folder) throws DatabaseUnavailable {
        return postmasterPidIfAny(folder).orElseThrow(
                () -> new DatabaseUnavailable("PostgreSQL started but wrote no postmaster.pid in " + folder));
    }

    /** The first line of {@code postmaster.pid}, present while the server runs. */
    private static Optional<Long> postmasterPidIfAny(Path folder) {
        try (Stream<String> lines = Files.lines(folder.resolve("data").resolve("postmaster.pid"))) {
            return lines.findFirst().map(String::strip).map(Long::parseLong);
        } catch (IOException | UncheckedIOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * Asks the server to quit at once; if it does not (or cannot be asked), kills it and the
     * backends it forked, then waits until they are gone so the folder can be deleted.
     */
    private static void stopServer(PostgresBinaries binaries, ServerAccount account, Path folder, long pid) {
        Optional<ProcessHandle> postmaster = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        if (postmaster.isEmpty()) {
            return;
        }
        List<ProcessHandle> family = new ArrayList<>(postmaster.get().descendants().toList());
        family.add(postmaster.get());
        try {
            Commands.run(account.command(List.of(binaries.program("pg_ctl").toString(),
                    "--pgdata=" + folder.resolve("data"), "--mode=immediate", "--wait",
                    "--timeout=" + STOP_LIMIT.toSeconds(), "stop")), folder, folder.resolve("pg_ctl.log"),
                    STOP_LIMIT.plusSeconds(5));
        } catch (DatabaseUnavailable ignored) {
            // Killed below instead.
        }
        family.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle process : family) {
            try {
                process.onExit().get(EXIT_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (Exception stillThere) {
                // Nothing more can be done; the folder is deleted regardless.
            }
        }
    }

    /** The workDir when the server's account can reach it and socket paths fit, else the temp folder. */
    private static Path parentFolder(Path workDir, Path temporaryFolder, ServerAccount account)
            throws DatabaseUnavailable {
        List<Path> candidates = List.of(workDir.toAbsolutePath(), temporaryFolder);
        for (Path candidate : candidates) {
            try {
                Files.createDirectories(candidate);
            } catch (IOException e) {
                continue;
            }
            boolean socketFits = candidate.toString().length() + FOLDER_PREFIX.length() + 40 < MAX_SOCKET_PATH;
            if (socketFits && account.canReach(candidate)) {
                return candidate;
            }
        }
        throw new DatabaseUnavailable("neither " + workDir + " nor the temp folder is reachable by "
                + account.describe().substring("as ".length()) + " with a short enough path for PostgreSQL's socket");
    }

    private static Path createFolder(Path parent, ServerAccount account) throws DatabaseUnavailable {
        try {
            Path folder = Files.createTempDirectory(parent, FOLDER_PREFIX);
            Files.writeString(folder.resolve("lab.pid"), Long.toString(ProcessHandle.current().pid()));
            account.own(folder);
            return folder;
        } catch (IOException e) {
            throw new DatabaseUnavailable("cannot create a folder for PostgreSQL in " + parent, e);
        }
    }

    /**
     * Removes servers whose lab died without closing them (SIGKILL skips shutdown hooks): each
     * folder names its lab's pid, and a folder whose lab is gone is stopped and deleted.
     */
    static void sweepOrphans(Path parent) {
        try (Stream<Path> children = Files.list(parent)) {
            for (Path folder : children.filter(path -> path.getFileName().toString().startsWith(FOLDER_PREFIX))
                    .toList()) {
                if (!labStillRuns(folder)) {
                    postmasterPidIfAny(folder).ifPresent(pid -> ProcessHandle.of(pid).ifPresent(orphan -> {
                        orphan.descendants().forEach(ProcessHandle::destroyForcibly);
                        orphan.destroyForcibly();
                    }));
                    deleteFolder(folder);
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // An unreadable parent has nothing of ours to sweep.
        }
    }

    private static boolean labStillRuns(Path folder) {
        try {
            long labPid = Long.parseLong(Files.readString(folder.resolve("lab.pid")).strip());
            return ProcessHandle.of(labPid).map(ProcessHandle::isAlive).orElse(false);
        } catch (IOException | NumberFormatException e) {
            // Too young to have its pid file yet, or not ours: leave it.
            return true;
        }
    }

    static void deleteFolder(Path folder) {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException | UncheckedIOException e) {
            System.err.println("could not delete " + folder + ": " + e.getMessage());
        }
    }

    private static byte[] randomBytes() {
        byte[] bytes = new byte[16];
        new SecureRandom().nextBytes(bytes);
        return bytes;
    }
}
