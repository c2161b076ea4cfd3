package loomlab.lab.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import loomlab.core.BadInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parts that need no server: finding binaries, naming targets, sweeping orphans. */
class DatabaseHousekeepingIT {
    @TempDir
    Path dir;

    @Test
    void versionFoldersAreTriedNewestFirst() {
        List<Path> ordered = PostgresBinaries.newestFirst(List.of(
                Path.of("/v/9.6/bin"), Path.of("/v/16/bin"), Path.of("/v/odd/bin"), Path.of("/v/15/bin")));
        assertEquals(List.of(Path.of("/v/16/bin"), Path.of("/v/15/bin"), Path.of("/v/9.6/bin"),
                Path.of("/v/odd/bin")), ordered);
    }

    @Test
    void onlyAFolderWithAllThreeProgramsCounts() throws Exception {
        Path incomplete = Files.createDirectories(dir.resolve("incomplete"));
        Path complete = Files.createDirectories(dir.resolve("complete"));
        executable(incomplete.resolve("initdb"));
        for (String program : PostgresBinaries.PROGRAMS) {
            executable(complete.resolve(program));
        }

        assertEquals(complete.toRealPath(),
                PostgresBinaries.firstComplete(List.of(incomplete, complete)).orElseThrow().bin());
        assertTrue(PostgresBinaries.firstComplete(List.of(incomplete)).isEmpty());
    }

    @Test
    void pathEntriesSkipEmptyParts() {
        assertEquals(List.of(Path.of("/a"), Path.of("/b")), PostgresBinaries.pathEntries("/a::/b:"));
        assertTrue(PostgresBinaries.pathEntries(null).isEmpty());
    }

    @Test
    void aTargetNeedsAPostgresJdbcUrlAndAUser() {
        BadInput notPostgres = assertThrows(BadInput.class,
                () -> new DatabaseTarget("jdbc:mysql://h/db", "u", "p"));
        assertTrue(notPostgres.getMessage().contains("jdbc:postgresql://HOST:PORT/DATABASE"), notPostgres.getMessage());
        assertThrows(BadInput.class, () -> new DatabaseTarget("jdbc:postgresql://h:1/db", " ", "p"));
        assertEquals("postgresql://h:1/db?sslmode=disable",
                new DatabaseTarget("jdbc:postgresql://h:1/db?sslmode=disable", "u", null).reactiveUri());
    }

    @Test
    void serverOptionsKeepItOnLoopbackWithoutFsync() {
        String options = ThrowawayPostgres.serverOptions(Path.of("/tmp/x"), 5555);
        assertTrue(options.startsWith("-p 5555 "), options);
        assertTrue(options.contains("listen_addresses=127.0.0.1"), options);
        assertTrue(options.contains("unix_socket_directories='/tmp/x'"), options);
        assertTrue(options.contains("fsync=off"), options);
    }

    @Test
    void sweepingRemovesOnlyFoldersWhoseLabIsGone() throws Exception {
        Process finished = new ProcessBuilder("true").start();
        finished.waitFor();
        Path orphan = labFolder("orphan", finished.pid());
        Path live = labFolder("live", ProcessHandle.current().pid());
        Path unrelated = Files.createDirectories(dir.resolve("someone-else"));

        ThrowawayPostgres.sweepOrphans(dir);

        assertFalse(Files.exists(orphan), "orphan kept");
        assertTrue(Files.exists(live), "a running lab's folder was removed");
        assertTrue(Files.exists(unrelated), "a folder that is not ours was removed");
    }

    private Path labFolder(String name, long labPid) throws Exception {
        Path folder = Files.createDirectories(dir.resolve(ThrowawayPostgres.FOLDER_PREFIX + name).resolve("data"))
                .getParent();
        Files.writeString(folder.resolve("lab.pid"), Long.toString(labPid));
        return folder;
    }

    private static void executable(Path file) throws Exception {
        Files.writeString(file, "#!/bin/sh\n");
        assertTrue(file.toFile().setExecutable(true));
    }
}
