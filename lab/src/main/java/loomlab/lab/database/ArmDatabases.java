package loomlab.lab.database;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import loomlab.core.BadInput;
import loomlab.lab.process.ProcessSupervisor;

/**
 * {@code assess --postgres}: the lab's throwaway PostgreSQL with the user's init script loaded once into a
 * template database, and a fresh copy of it for every arm ({@code CREATE DATABASE ... TEMPLATE}), so that
 * every arm starts from the same rows whatever the arms before it wrote. The server's processes are read
 * apart from the service's and the generator's (their CPU, their memory), so that what the database
 * costs is charged to it. Closing stops the server and deletes its folder; so does its shutdown hook on
 * Ctrl-C, and the next start sweeps what a killed lab left.
 */
public final class ArmDatabases implements AutoCloseable {
    /** Where the script's rows are; never connected to by a service, so every copy can be taken. */
    static final String TEMPLATE = "loomlab_template";
    private static final Duration SCRIPT_LIMIT = Duration.ofMinutes(10);
    private static final long KB = 1024;

    private final ThrowawayPostgres server;
    private final AtomicInteger copies = new AtomicInteger();

    private ArmDatabases(ThrowawayPostgres server) {
        this.server = server;
    }

    /**
     * Starts the server and loads {@code initScript} (or nothing) into the template; the server is gone
     * again when the script fails.
     *
     * @throws BadInput           the script did not run: its first error, with its line
     * @throws DatabaseUnavailable the server could not start
     */
    public static ArmDatabases start(PostgresHost host, Path workDir, Path initScript) throws DatabaseUnavailable {
        ThrowawayPostgres server = host.start(workDir);
        try {
            maintenance(server, "CREATE DATABASE " + TEMPLATE);
            if (initScript != null) {
                load(server, initScript);
            }
            maintenance(server, "ALTER DATABASE " + TEMPLATE + " WITH IS_TEMPLATE true ALLOW_CONNECTIONS false");
            return new ArmDatabases(server);
        } catch (DatabaseUnavailable | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** A fresh copy of the template for one arm, named after it. */
    public ArmDatabase fresh(String arm) throws DatabaseUnavailable {
        String name = "arm_" + copies.incrementAndGet() + "_" + arm.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+",
                "_").replaceAll("^_|_$", "");
        name = name.substring(0, Math.min(name.length(), 60));
        maintenance(server, "CREATE DATABASE " + name + " TEMPLATE " + TEMPLATE);
        return new ArmDatabase("jdbc:postgresql://127.0.0.1:" + server.port() + "/" + name, server.user(),
                server.password(), name);
    }

    /** Drops an arm's copy, whatever still holds a connection to it. */
    public void drop(ArmDatabase database) throws DatabaseUnavailable {
        maintenance(server, "DROP DATABASE IF EXISTS " + database.name() + " WITH (FORCE)");
    }

    /**
     * Writes every dirty buffer out now ({@code CHECKPOINT}): arms measured side by side share one server, and
     * the writes one arm's step left in the shared buffers would otherwise be flushed, and charged, during the
     * other arm's next step.
     */
    public void checkpoint() throws DatabaseUnavailable {
        maintenance(server, "CHECKPOINT");
    }

    /** The server's CPU seconds so far: the postmaster and every backend it has forked. */
    public OptionalDouble cpuSeconds() {
        return server.cpuSeconds();
    }

    /**
     * The server's memory now, in MB: its processes' proportional set sizes added up (each backend maps
     * the shared buffers, which a sum of resident sizes would count once per backend), or empty when
     * the kernel does not say.
     */
    public OptionalDouble memoryMb() {
        Optional<ProcessHandle> postmaster = ProcessHandle.of(server.pid()).filter(ProcessHandle::isAlive);
        if (postmaster.isEmpty()) {
            return OptionalDouble.empty();
        }
        long kb = 0;
        for (ProcessHandle process : Stream.concat(Stream.of(postmaster.get()), postmaster.get().descendants())
                .toList()) {
            OptionalDouble pss = pssKb(Path.of("/proc", Long.toString(process.pid()), "smaps_rollup"));
            if (pss.isEmpty()) {
                return OptionalDouble.empty();
            }
            kb += (long) pss.getAsDouble();
        }
        return OptionalDouble.of(kb / (double) KB);
    }

    /** The {@code Pss:} line of a process's {@code smaps_rollup}, in kB. */
    static OptionalDouble pssKb(Path smapsRollup) {
        try (Stream<String> lines = Files.lines(smapsRollup)) {
            return lines.filter(l -> l.startsWith("Pss:")).findFirst()
                    .map(l -> OptionalDouble.of(Double.parseDouble(l.substring(4).strip().split("\\s+")[0])))
                    .orElse(OptionalDouble.empty());
        } catch (IOException | RuntimeException e) {
            return OptionalDouble.empty();
        }
    }

    /** One line for the report: where the server is and what runs it. */
    public String describe() {
        return server.describe() + "; every arm a fresh copy of " + TEMPLATE;
    }

    /** The server's folder (its cluster, log and socket), deleted on close. */
    public Path folder() {
        return server.folder();
    }

    public long pid() {
        return server.pid();
    }

    @Override
    public void close() {
        server.close();
    }

    /**
     * Runs the script into the template with psql where the machine has it (scripts from pg_dump use its
     * COPY ... FROM stdin and backslash commands), stopping at its first error; else over JDBC, which runs
     * plain SQL only.
     */
    private static void load(ThrowawayPostgres server, Path script) throws DatabaseUnavailable {
        Path psql = server.binaries().program("psql");
        if (!Files.isExecutable(psql)) {
            runOverJdbc(server, script);
            return;
        }
        Path log = server.folder().resolve("init-script.log");
        List<String> command = List.of(psql.toString(), "--no-psqlrc", "--quiet",
                "--set=ON_ERROR_STOP=1", "--host=127.0.0.1", "--port=" + server.port(), "--username=" + server.user(),
                "--dbname=" + TEMPLATE, "--file=-");
        try {
            Process process = ProcessSupervisor.startCommand(command, builder -> {
                builder.redirectInput(script.toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
                Map<String, String> env = builder.environment();
                env.put("PGPASSWORD", server.password());
                env.put("PGCONNECT_TIMEOUT", "10");
                return builder;
            });
            if (!process.waitFor(SCRIPT_LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw initScriptFailed(script, "it did not finish within " + SCRIPT_LIMIT.toMinutes() + " minutes");
            }
            if (process.exitValue() != 0) {
                throw initScriptFailed(script, firstError(log));
            }
        } catch (IOException e) {
            throw new DatabaseUnavailable("cannot run psql", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DatabaseUnavailable("interrupted while the init script ran");
        }
    }

    /** psql's first error, {@code line 3: ERROR:  relation "x" does not exist}. */
    static String firstError(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return lines.stream().filter(l -> l.contains("ERROR:") || l.contains("FATAL:")).findFirst()
                    .or(() -> lines.stream().filter(l -> !l.isBlank()).findFirst())
                    .map(l -> l.replaceFirst("^psql:<stdin>:(\\d+):\\s*", "line $1: ").strip())
                    .orElse("psql failed and said nothing");
        } catch (IOException e) {
            return "psql failed (no log)";
        }
    }

    private static void runOverJdbc(ThrowawayPostgres server, Path script) throws DatabaseUnavailable {
        String sql;
        try {
            sql = Files.readString(script, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw initScriptFailed(script, "cannot read it (" + e.getMessage() + ")");
        }
        try (Connection connection = Jdbc.connect("jdbc:postgresql://127.0.0.1:" + server.port() + "/" + TEMPLATE,
                server.user(), server.password()); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw initScriptFailed(script, e.getMessage().lines().findFirst().orElse("an SQL error"));
        }
    }

    private static void maintenance(ThrowawayPostgres server, String sql) throws DatabaseUnavailable {
        try (Connection connection = Jdbc.connect("jdbc:postgresql://127.0.0.1:" + server.port() + "/postgres",
                server.user(), server.password()); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new DatabaseUnavailable("PostgreSQL refused '" + sql + "'", e);
        }
    }

    /**
     * One arm's copy of the template.
     *
     * @param jdbcUrl for JDBC clients, {@code jdbc:postgresql://127.0.0.1:PORT/NAME}
     */
    public record ArmDatabase(String jdbcUrl, String user, String password, String name) {
        @Override
        public String toString() {
            return "ArmDatabase[" + jdbcUrl + ", user=" + user + "]";
        }
    }

    /** The init script did not run: bad input, whose one line says where it failed. */
    private static BadInput initScriptFailed(Path script, String why) {
        return new BadInput("--db-init " + script + " failed: " + why);
    }
}
