package loomlab.lab.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real PostgreSQL servers from the machine's binaries; each test closes its server even on failure. */
class ThrowawayPostgresIT {
    /** This machine, as the tests' own environment describes it. */
    private static final PostgresHost HOST = new PostgresHost(System.getenv("PATH"),
            Path.of(System.getProperty("java.io.tmpdir")));

    @TempDir
    Path workDir;

    private final List<ThrowawayPostgres> started = new ArrayList<>();

    @AfterEach
    void closeEverythingStarted() {
        started.forEach(ThrowawayPostgres::close);
    }

    private ThrowawayPostgres start() throws DatabaseUnavailable {
        Assumptions.assumeTrue(HOST.binariesAvailable(), "no PostgreSQL binaries on this machine");
        ThrowawayPostgres server = HOST.start(workDir);
        started.add(server);
        return server;
    }

    @Test
    void servesSqlThenLeavesNoProcessAndNoFolderBehind() throws Exception {
        ThrowawayPostgres server = start();
        long pid = server.pid();
        Path folder = server.folder();
        assertTrue(server.isRunning());
        assertTrue(server.jdbcUrl().startsWith("jdbc:postgresql://127.0.0.1:" + server.port() + "/"), server.jdbcUrl());
        assertEquals("postgresql://127.0.0.1:" + server.port() + "/loomlab", server.reactiveUri());

        try (Connection connection = DriverManager.getConnection(server.jdbcUrl(), server.user(), server.password());
             Statement sql = connection.createStatement()) {
            sql.execute("CREATE TABLE notes (id SERIAL PRIMARY KEY, body TEXT NOT NULL)");
            assertEquals(3, sql.executeUpdate("INSERT INTO notes (body) VALUES ('a'), ('bb'), ('ccc')"));
            try (ResultSet rows = sql.executeQuery("SELECT count(*), sum(length(body)) FROM notes")) {
                assertTrue(rows.next());
                assertEquals(3, rows.getInt(1));
                assertEquals(6, rows.getInt(2));
            }
            try (ResultSet fsync = sql.executeQuery("SHOW fsync")) {
                assertTrue(fsync.next());
                assertEquals("off", fsync.getString(1));
            }
        }
        assertTrue(server.describe().contains(":" + server.port()), server.describe());

        server.close();

        assertFalse(server.isRunning());
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "postgres still runs");
        assertFalse(Files.exists(folder), folder + " still exists");
    }

    @Test
    void noticesAServerThatDiedAndStillCleansUp() throws Exception {
        ThrowawayPostgres server = start();
        ProcessHandle postmaster = ProcessHandle.of(server.pid()).orElseThrow();

        postmaster.destroyForcibly();
        postmaster.onExit().get(30, TimeUnit.SECONDS);

        assertFalse(server.isRunning());
        server.close();
        assertFalse(Files.exists(server.folder()), server.folder() + " still exists");
    }

    @Test
    void aNamedServerIsCheckedByConnectingAndThenUsedAsItIs() throws Exception {
        ThrowawayPostgres server = start();
        DatabaseTarget target = new DatabaseTarget(server.jdbcUrl(), server.user(), server.password());

        assertSame(target, Database.open(target, HOST, workDir));
        assertEquals(server.reactiveUri(), target.reactiveUri());
        assertFalse(target.toString().contains(server.password()), "password shown in " + target);

        DatabaseTarget wrongPassword = new DatabaseTarget(server.jdbcUrl(), server.user(), "not-the-password");
        DatabaseUnavailable refused = assertThrows(DatabaseUnavailable.class, wrongPassword::verified);
        assertTrue(refused.getMessage().startsWith("cannot connect to " + server.jdbcUrl()), refused.getMessage());
        assertEquals(1, refused.getMessage().lines().count(), refused.getMessage());

        target.close();
        assertTrue(server.isRunning(), "closing a named server must leave it running");
    }
}
