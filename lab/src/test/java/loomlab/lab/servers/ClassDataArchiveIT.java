package loomlab.lab.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that keeps a class-data archive, for real: its first start trains one and its next start
 * maps it. loomcat's jar stands in for a Spring server (it starts in half a second; the archive's
 * handling is the same), copied into a folder of the test's own so nothing is written in the build.
 */
class ClassDataArchiveIT {
    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();
    /** The JVM refuses to start when it cannot map an archive it is given, instead of starting without. */
    private static final ServerOptions ARCHIVE_OR_NOTHING = new ServerOptions(0, null, null, List.of("-Xshare:on"));
    private static final ServingModel VIRTUAL = ServingModel.of(ExecutorMode.virtual());

    @TempDir
    Path home;

    /** The servers of a registry of one, loomcat's jar copied into the test's folder, keeping no archive. */
    private Servers copyOfLoomcat() throws Exception {
        Path jar = home.resolve("loomcat/extracted/loomcat.jar");
        Files.createDirectories(jar.getParent());
        Files.copy(HOME.resolve("servers/loomcat/target/loomcat.jar"), jar);
        JavaLauncher launcher = new JavaLauncher(home, Path.of(System.getProperty("java.home"), "bin", "java"));
        return new Servers(launcher, new ProcessSupervisor(),
                List.of(new LoomcatAt("loomcat/extracted/loomcat.jar", true, false)));
    }

    @Test
    void theFirstStartTrainsTheArchiveAndTheNextMapsIt() throws Exception {
        Servers plain = copyOfLoomcat();
        Path jar = home.resolve("loomcat/extracted/loomcat.jar");
        Servers keeping = plain.keepingClassData();
        ServerJava java = keeping.labJava();
        Path logs = Files.createDirectories(home.resolve("logs"));

        assertFalse(String.join(" ", keeping.command(ServerId.LOOMCAT, VIRTUAL, java, ARCHIVE_OR_NOTHING))
                .contains("SharedArchiveFile"), "no archive before the training");
        try (RunningServer first = keeping.start(ServerId.LOOMCAT, VIRTUAL, java, ARCHIVE_OR_NOTHING,
                logs.resolve("first.log"))) {
            assertTrue(first.process().alive());
        }
        assertTrue(Files.isRegularFile(logs.resolve("first-class-data.log")), "the training's log beside the arm's");
        ClassDataArchive archive = ClassDataArchive.of(jar, "loomcat", java.runtimeVersion());
        assertTrue(archive.exists(), "trained: " + archive.file());
        try (var folder = Files.list(archive.file().getParent())) {
            assertEquals(List.of(archive.file()), folder.toList(), "no training file left beside it");
        }

        List<String> command = keeping.command(ServerId.LOOMCAT, VIRTUAL, java, ARCHIVE_OR_NOTHING);
        assertTrue(command.contains(archive.useFlag()), command.toString());
        try (RunningServer second = keeping.start(ServerId.LOOMCAT, VIRTUAL, java, ARCHIVE_OR_NOTHING,
                logs.resolve("second.log"))) {
            assertTrue(second.process().alive(), "mapped the archive (with -Xshare:on it would not start otherwise)");
        }
        assertFalse(Files.exists(logs.resolve("second-class-data.log")), "trained once");
        assertFalse(String.join(" ", plain.command(ServerId.LOOMCAT, VIRTUAL, java, ARCHIVE_OR_NOTHING))
                .contains("SharedArchiveFile"), "servers that keep none ignore an archive that exists");
        assertEquals(0, ProcessSupervisor.liveCount(), "the training start and both servers are gone");
    }

    @Test
    void trainingAheadMakesTheArchiveOnceAndSkipsWhatTheRegistryDoesNotStart() throws Exception {
        Servers keeping = copyOfLoomcat().keepingClassData();
        Path jar = home.resolve("loomcat/extracted/loomcat.jar");
        Path logs = Files.createDirectories(home.resolve("logs"));
        ClassDataArchive archive = ClassDataArchive.of(jar, "loomcat", keeping.labJava().runtimeVersion());

        try (Servers.Trainings abandoned = keeping.trainAhead(List.of(ServerId.LOOMCAT), logs)) {
            assertEquals(List.of(ServerId.LOOMCAT), abandoned.servers());
        }
        assertEquals(0, ProcessSupervisor.liveCount(), "a training not finished is stopped as it is closed");
        assertFalse(archive.exists(), "and keeps nothing");
        try (var folder = Files.list(archive.file().getParent())) {
            assertEquals(List.of(), folder.toList(), "not even part of one");
        }

        Servers.Trainings trainings = keeping.trainAhead(List.of(ServerId.LOOMCAT, ServerId.SPRING, ServerId.LOOMCAT),
                logs);
        assertEquals(List.of(ServerId.LOOMCAT), trainings.servers(), "each once; one the registry lacks is skipped");
        trainings.finish();
        assertTrue(archive.exists(), "trained: " + archive.file());
        assertTrue(Files.isRegularFile(logs.resolve("loomcat-class-data.log")));
        assertEquals(List.of(), keeping.trainAhead(List.of(ServerId.LOOMCAT), logs).servers(), "made already");
        List<String> command = keeping.command(ServerId.LOOMCAT, VIRTUAL, keeping.labJava(), ARCHIVE_OR_NOTHING);
        try (RunningServer mapped = keeping.start(ServerId.LOOMCAT, VIRTUAL, keeping.labJava(), ARCHIVE_OR_NOTHING,
                logs.resolve("arm.log"))) {
            assertTrue(command.contains(archive.useFlag()), command.toString());
            assertTrue(mapped.process().alive(), "mapped the archive trained ahead (-Xshare:on)");
        }
        assertEquals(0, ProcessSupervisor.liveCount(), "the training start and the server are gone");
    }
}
