package loomlab.lab.servers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * A class-data-sharing archive of one server's classes, for one JDK and one build of the server: the
 * JVM maps the classes it holds instead of loading, verifying and linking them again, which shortens
 * a framework server's start, paid once per arm (docs/measurements.md, "Start-up: what an arm's start
 * and stop cost"). It changes start-up only: the JIT, the heap and every measured window are as
 * without it.
 *
 * <p>A training start makes it: the server started as an arm would start it, with
 * {@code -XX:ArchiveClassesAtExit}, stopped once it listens; the JVM writes the archive as it exits.
 * The archive is written under a name of its own and then moved into place, so two labs that train
 * at once (the integration tests' two forks) never map a half-written file. Its name holds the JDK's
 * full version and the jar's time of build, so a rebuilt server or another JDK trains a new one.
 *
 * @param file where the archive is, once made
 */
public record ClassDataArchive(Path file) {
    /** A JVM's exit code after SIGTERM, once its shutdown (and the archive's writing) has run. */
    private static final int SIGTERM_EXIT = 143;

    /** The archive of the server built as {@code jar}, on the JDK that reports {@code runtimeVersion}. */
    public static ClassDataArchive of(Path jar, String serverId, String runtimeVersion) throws IOException {
        String version = runtimeVersion.replaceAll("[^A-Za-z0-9.+_-]", "_");
        long built = Files.getLastModifiedTime(jar).toMillis();
        Path folder = jar.toAbsolutePath().getParent().resolveSibling("class-data");
        return new ClassDataArchive(folder.resolve(serverId + "-" + version + "-" + built + ".jsa"));
    }

    public boolean exists() {
        return Files.isRegularFile(file);
    }

    /** The flag that maps the archive. */
    public String useFlag() {
        return "-XX:SharedArchiveFile=" + file;
    }

    /** Where a training start writes its archive before {@link #keep} moves it into place. */
    public Path trainingFile() throws IOException {
        Files.createDirectories(file.getParent());
        return file.resolveSibling(file.getFileName() + "." + ProcessHandle.current().pid() + "-"
                + System.nanoTime() + ".training");
    }

    /**
     * The flags of a training start: its archive written to {@code training} as it exits, and a JVM that
     * gets there sooner. The archive holds the classes the start loaded and linked, whichever compiler
     * and collector ran it, and maps into a start with the JIT's every tier and G1 all the same; C1 alone
     * spares the start the C2 compiler's work on a machine of few cores, and the serial collector a
     * parallel one's teardown; an arm's start maps either archive alike (docs/measurements.md,
     * "Start-up: what an arm's start and stop cost").
     */
    public static List<String> trainingFlags(Path training) {
        return List.of("-XX:ArchiveClassesAtExit=" + training, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
    }

    /**
     * Moves a finished training archive into place; false (and nothing kept) when the training start
     * did not exit in order (0, or 143 after SIGTERM) and so may have written part of it, or wrote none.
     */
    public boolean keep(Path training, int exitCode) throws IOException {
        boolean orderly = exitCode == 0 || exitCode == SIGTERM_EXIT;
        if (!orderly || !Files.isRegularFile(training) || Files.size(training) == 0) {
            Files.deleteIfExists(training);
            return false;
        }
        Files.move(training, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        return true;
    }

    /** The flags of a start: the archive's when it exists, none before its training. */
    public List<String> flags() {
        return exists() ? List.of(useFlag()) : List.of();
    }
}
