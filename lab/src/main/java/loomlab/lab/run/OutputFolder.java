package loomlab.lab.run;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import loomlab.core.BadInput;

/** {@code --out DIR}: made before anything runs, so a folder that cannot hold results is bad input, not a failure later. */
public final class OutputFolder {
    private OutputFolder() {
    }

    /** The folder, absolute and existing; a {@link BadInput} naming it and why when it cannot be. */
    public static Path prepare(Path folder) {
        Path absolute = folder.toAbsolutePath().normalize();
        try {
            Files.createDirectories(absolute);
        } catch (IOException e) {
            throw new BadInput("--out " + folder + ": cannot create the folder (" + why(e) + ")");
        }
        if (!Files.isWritable(absolute)) {
            throw new BadInput("--out " + folder + ": the folder is not writable");
        }
        return absolute;
    }

    private static String why(IOException e) {
        if (e instanceof NoSuchFileException missing) {
            return "no such file or directory: " + missing.getFile();
        }
        if (e instanceof AccessDeniedException denied) {
            return "permission denied: " + denied.getFile();
        }
        if (e instanceof FileSystemException other && other.getReason() != null) {
            return other.getReason();
        }
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }
}
