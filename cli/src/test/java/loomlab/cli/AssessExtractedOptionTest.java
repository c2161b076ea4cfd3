package loomlab.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code assess --extracted}: for a Spring Boot fat jar that Spring Boot's tool can extract, else one line, exit 2. */
class AssessExtractedOptionTest {
    @TempDir
    Path dir;

    private Path jar(String version, String... entries) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(new Attributes.Name("Spring-Boot-Version"), version);
        manifest.getMainAttributes().put(new Attributes.Name("Start-Class"), "com.example.App");
        Path jar = dir.resolve("app.jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream file = new JarOutputStream(out, manifest)) {
            for (String entry : entries) {
                file.putNextEntry(new JarEntry(entry));
                file.closeEntry();
            }
        }
        return jar;
    }

    @Test
    void withCmdItIsBadInput() {
        CliRun.of("assess", "--cmd", "{java} -jar app.jar --port {port}", "--path", "/", "--extracted")
                .assertRefused("--extracted is for --jar");
    }

    @Test
    void aJarWithoutSpringBootsToolIsBadInputAndSaysWhichBootHasIt() throws IOException {
        CliRun.of("assess", "--jar", jar("3.2.5", "BOOT-INF/classes/").toString(), "--path", "/", "--extracted")
                .assertRefused("--extracted: app.jar (Spring Boot 3.2.5) has no jarmode=tools to extract it (Spring"
                        + " Boot 3.3 or newer");
    }

    @Test
    void aJarThatIsNoSpringBootJarIsBadInputAsWithout() throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        Path plain = dir.resolve("plain.jar");
        try (OutputStream out = Files.newOutputStream(plain); JarOutputStream ignored = new JarOutputStream(out,
                manifest)) {
            // an empty jar
        }
        CliRun.of("assess", "--jar", plain.toString(), "--path", "/", "--extracted")
                .assertRefused("is not a Spring Boot jar");
    }
}
