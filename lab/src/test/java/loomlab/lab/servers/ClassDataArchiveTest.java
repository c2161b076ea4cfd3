package loomlab.lab.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a server's class-data archive lives, when a start uses it, and which training is kept. */
class ClassDataArchiveTest {
    @TempDir
    Path target;

    private Path jar(long builtMillis) throws IOException {
        Path jar = target.resolve("extracted/spring.jar");
        Files.createDirectories(jar.getParent());
        Files.write(jar, new byte[] {1});
        Files.setLastModifiedTime(jar, FileTime.fromMillis(builtMillis));
        return jar;
    }

    @Test
    void oneArchivePerJdkAndBuildBesideTheExtractedJar() throws IOException {
        ClassDataArchive archive = ClassDataArchive.of(jar(1_000), "spring", "25.0.3+9-LTS");
        assertEquals(target.resolve("class-data/spring-25.0.3+9-LTS-1000.jsa"), archive.file());
        assertNotEquals(archive, ClassDataArchive.of(jar(1_000), "spring", "21.0.8+9-LTS"), "another JDK");
        assertNotEquals(archive, ClassDataArchive.of(jar(2_000), "spring", "25.0.3+9-LTS"), "a rebuilt server");
        assertEquals("spring-25_ea-1000.jsa", ClassDataArchive.of(jar(1_000), "spring", "25 ea").file().getFileName()
                .toString(), "a version's odd characters do not reach the file name");
    }

    @Test
    void aStartMapsTheArchiveOnlyOnceItExists() throws IOException {
        ClassDataArchive archive = ClassDataArchive.of(jar(1_000), "spring", "25.0.3+9-LTS");
        assertEquals(List.of(), archive.flags(), "before its training a start runs without one");
        Files.createDirectories(archive.file().getParent());
        Files.write(archive.file(), new byte[] {1});
        assertEquals(List.of("-XX:SharedArchiveFile=" + archive.file()), archive.flags());
    }

    @Test
    void aTrainingIsKeptOnlyWhenItsJvmExitedInOrder() throws IOException {
        ClassDataArchive archive = ClassDataArchive.of(jar(1_000), "spring", "25.0.3+9-LTS");
        Path killed = archive.trainingFile();
        Files.write(killed, new byte[] {1, 2, 3});
        assertFalse(archive.keep(killed, 137), "stopped by force (SIGKILL): it may have written part of it");
        assertFalse(Files.exists(killed), "and the part is removed");
        assertFalse(archive.exists());

        Path empty = archive.trainingFile();
        assertFalse(archive.keep(empty, 143), "no archive written");

        Path finished = archive.trainingFile();
        assertNotEquals(empty, finished, "each training writes a file of its own");
        Files.write(finished, new byte[] {1, 2, 3});
        assertEquals(List.of("-XX:ArchiveClassesAtExit=" + finished, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"),
                ClassDataArchive.trainingFlags(finished));
        assertTrue(archive.keep(finished, 143), "SIGTERM's exit code: the JVM's shutdown, and the archive, ran");
        assertTrue(archive.exists());
        assertFalse(Files.exists(finished), "moved into place");
    }
}
