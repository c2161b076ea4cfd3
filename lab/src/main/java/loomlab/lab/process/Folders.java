package loomlab.lab.process;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/** Folders the lab makes for a while: an install being built, a run's scratch files. */
public final class Folders {
    private Folders() {
    }

    /**
     * Deletes {@code folder} with everything in it, if it is there; what cannot be deleted stays. An
     * entry that vanishes meanwhile (its process deleting its own files on the way out) is skipped,
     * not a reason to stop.
     */
    public static void deleteQuietly(Path folder) {
        if (!Files.exists(folder)) {
            return;
        }
        try {
            Files.walkFileTree(folder, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    file.toFile().delete();
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path directory, IOException e) {
                    directory.toFile().delete();
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException ignored) {
            // left for the next install or run to replace
        }
    }
}
