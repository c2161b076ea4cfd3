package loomlab.lab.process;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FoldersTest {
    @TempDir
    Path dir;

    @Test
    void deletesAFolderWithEverythingInItButNotWhatALinkPointsTo() throws Exception {
        Path kept = Files.writeString(dir.resolve("kept.txt"), "outside");
        Path scratch = dir.resolve("server-tmp");
        Files.createDirectories(scratch.resolve("vertx-cache/entry"));
        Files.writeString(scratch.resolve("vertx-cache/entry/file"), "x");
        Files.writeString(scratch.resolve("top"), "y");
        Files.createSymbolicLink(scratch.resolve("link"), kept);

        Folders.deleteQuietly(scratch);

        assertFalse(Files.exists(scratch));
        assertTrue(Files.isRegularFile(kept), "a link is deleted, not followed");
    }

    @Test
    void aFolderThatIsNotThereIsNoError() {
        Folders.deleteQuietly(dir.resolve("never-made"));
        assertTrue(Files.isDirectory(dir));
    }
}
