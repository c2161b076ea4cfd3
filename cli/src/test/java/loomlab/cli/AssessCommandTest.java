package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** assess's bad input that needs words with blanks, or a file, to write: one line, exit 2, before anything runs. */
class AssessCommandTest {
    @TempDir
    Path dir;

    private static void oneLine(CliRun run, String expected) {
        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().startsWith("loomlab: ") && run.err().contains(expected), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertFalse(run.err().contains("\tat "), run.err());
    }

    @Test
    void aCommandIsSplitAsAShellWouldAndAnUnclosedQuoteIsBadInput() {
        oneLine(CliRun.of("assess", "--cmd", "java -jar 'my app.jar --port {port}", "--path", "/"),
                "--cmd has a single quote that is not closed");
        oneLine(CliRun.of("assess", "--cmd", "java -jar app.jar --port {port} > log.txt", "--path", "/"),
                "'>' would be passed on as a word");
        oneLine(CliRun.of("assess", "--cmd", "java -Dhome=$HOME -jar app.jar --port {port}", "--path", "/"),
                "'$' expands nothing");
    }

    @Test
    void aJarThatIsNotSpringBootIsToldToUseCmd() throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "com.acme.Main");
        Path jar = dir.resolve("plain.jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream ignored = new JarOutputStream(out, manifest)) {
            // a manifest and no entries is jar enough
        }
        oneLine(CliRun.of("assess", "--jar", jar.toString(), "--path", "/"), "is not a Spring Boot jar (its manifest"
                + " has no Spring-Boot-Version or Start-Class); start it with --cmd '{java} -jar " + jar);
    }
}
