package loomlab.cli.architecture.broken.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A core class that reads a file. */
public final class ReadsAFile {
    private ReadsAFile() {
    }

    public static String settings() throws IOException {
        return Files.readString(Path.of("settings"));
    }
}
