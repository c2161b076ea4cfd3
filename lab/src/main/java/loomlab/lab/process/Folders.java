package loomlab.lab.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Folders the lab makes for a while: an install being built, a run's scratch files. */
public final class Folders {
    private Folders() {
    }

    /** Deletes {@code folder} with everything in it, if it is there; what cannot be deleted stays. */
    public static void deleteQuietly(Path folder) {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(folder)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // left for the next install or run to replace
        }
    }
}
