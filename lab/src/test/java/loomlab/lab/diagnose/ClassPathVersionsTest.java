package loomlab.lab.diagnose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import loomlab.core.fixes.KnownFix;
import loomlab.core.fixes.KnownFixes;
import loomlab.core.fixes.Seen;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A library's version read where the JVM loaded its class from, each way a jar states it, and why not when it cannot be. */
class ClassPathVersionsTest {
    private static final KnownFix HIKARI = KnownFixes.standard().rows().stream()
            .filter(f -> f.id().equals("hikaricp-yield-spin")).findFirst().orElseThrow();
    private static final String BAG = "com.zaxxer.hikari.util.ConcurrentBag";
    private static final String BAG_CLASS = "com/zaxxer/hikari/util/ConcurrentBag.class";

    @TempDir
    Path dir;

    /** A jar of the given entries (name to text), with a manifest of the given main attributes. */
    private static byte[] jar(Map<String, String> entries, Map<String, String> manifest) throws IOException {
        Manifest man = new Manifest();
        man.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.forEach((k, v) -> man.getMainAttributes().put(new Attributes.Name(k), v));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream out = new JarOutputStream(bytes, man)) {
            for (var entry : entries.entrySet()) {
                out.putNextEntry(new JarEntry(entry.getKey()));
                out.write(entry.getValue().getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    private Path write(String name, byte[] content) throws IOException {
        Path path = dir.resolve(name);
        Files.createDirectories(path.getParent());
        Files.write(path, content);
        return path;
    }

    @Test
    void mavensPomPropertiesOfTheJarThatHoldsTheClass() throws IOException {
        write("lib/other.jar", jar(Map.of("a/B.class", ""), Map.of("Implementation-Version", "9.9")));
        write("lib/HikariCP-7.0.2.jar", jar(Map.of(BAG_CLASS, "",
                "META-INF/maven/com.zaxxer/HikariCP/pom.properties", "groupId=com.zaxxer\nversion=7.0.2\n"), Map.of()));
        Seen seen = ClassPathVersions.of(List.of("lib/other.jar", "lib/HikariCP-7.0.2.jar"), dir).of(HIKARI, BAG);
        assertEquals("7.0.2", seen.version());
        assertTrue(seen.from().startsWith("META-INF/maven/com.zaxxer/HikariCP/pom.properties in "), seen.from());
    }

    @Test
    void springBootsLoaderReadsTheFatJarsSpringBootVersionNotTheApplications() throws IOException {
        KnownFix loader = KnownFixes.standard().rows().stream()
                .filter(f -> f.id().equals("spring-boot-nested-jar-monitors")).findFirst().orElseThrow();
        String nested = "org.springframework.boot.loader.jar.NestedJarFile";
        write("app.jar", jar(Map.of("org/springframework/boot/loader/jar/NestedJarFile.class", "", BAG_CLASS, "",
                "META-INF/maven/com.example/shop/pom.properties", "groupId=com.example\nversion=1.0.3\n"),
                Map.of("Spring-Boot-Version", "3.5.7", "Implementation-Version", "1.0.3")));
        Seen seen = ClassPathVersions.of(List.of("app.jar"), dir).of(loader, nested);
        assertEquals("3.5.7", seen.version());
        assertTrue(seen.from().startsWith("Spring-Boot-Version in the manifest of "), seen.from());
        // Reversed: another library's row at the root of the same jar does not take Spring Boot's version.
        assertEquals("1.0.3", ClassPathVersions.of(List.of("app.jar"), dir).of(HIKARI, BAG).version());
    }

    @Test
    void theManifestWhenThereIsNoPomAndTheFileNameLast() throws IOException {
        write("a/pool.jar", jar(Map.of(BAG_CLASS, ""), Map.of("Implementation-Version", "7.1.0")));
        Seen manifest = ClassPathVersions.of(List.of("a/pool.jar"), dir).of(HIKARI, BAG);
        assertEquals("7.1.0", manifest.version());
        assertTrue(manifest.from().startsWith("Implementation-Version in the manifest of "), manifest.from());

        write("b/HikariCP-6.3.0.jar", jar(Map.of(BAG_CLASS, ""), Map.of()));
        Seen name = ClassPathVersions.of(List.of("b/*"), dir).of(HIKARI, BAG);
        assertEquals("6.3.0", name.version());
        assertTrue(name.from().contains("the jar itself names no version"), name.from());
    }

    @Test
    void aSpringBootJarsNestedLibrary() throws IOException {
        byte[] nested = jar(Map.of(BAG_CLASS, "", "META-INF/maven/com.zaxxer/HikariCP/pom.properties", "version=7.0.2\n"),
                Map.of());
        ByteArrayOutputStream boot = new ByteArrayOutputStream();
        try (JarOutputStream out = new JarOutputStream(boot)) {
            out.putNextEntry(new JarEntry("BOOT-INF/classes/app/Main.class"));
            out.closeEntry();
            out.putNextEntry(new JarEntry("BOOT-INF/lib/HikariCP-7.0.2.jar"));
            out.write(nested);
            out.closeEntry();
        }
        write("app.jar", boot.toByteArray());
        Seen seen = ClassPathVersions.of(List.of("app.jar"), dir).of(HIKARI, BAG);
        assertEquals("7.0.2", seen.version());
        assertTrue(seen.from().contains("BOOT-INF/lib/HikariCP-7.0.2.jar in "), seen.from());
    }

    @Test
    void aJarsManifestClassPathIsFollowed() throws IOException {
        write("lib/HikariCP-7.0.2.jar", jar(Map.of(BAG_CLASS, ""), Map.of("Bundle-Version", "7.0.2")));
        write("app.jar", jar(Map.of("app/Main.class", ""), Map.of("Class-Path", "lib/HikariCP-7.0.2.jar")));
        assertEquals("7.0.2", ClassPathVersions.of(List.of("app.jar"), dir).of(HIKARI, BAG).version());
    }

    @Test
    void whyNotWhenItCannotBeRead() throws IOException {
        write("classes/" + BAG_CLASS, new byte[0]);
        Seen folder = ClassPathVersions.of(List.of("classes"), dir).of(HIKARI, BAG);
        assertNull(folder.version());
        assertTrue(folder.from().contains("from the folder"), folder.from());

        Seen absent = ClassPathVersions.of(List.of("classes", "missing.jar"), dir).of(HIKARI, "org.nowhere.Thing");
        assertNull(absent.version());
        assertEquals("no entry of the class path holds org.nowhere.Thing", absent.from());

        write("plain.jar", jar(Map.of(BAG_CLASS, ""), Map.of()));
        Seen unnamed = ClassPathVersions.of(List.of("plain.jar"), dir).of(HIKARI, BAG);
        assertNull(unnamed.version());
        assertTrue(unnamed.from().endsWith("names no version: no pom.properties, no Implementation-Version, no version"
                + " in its file name"), unnamed.from());

        assertEquals("the dump carries none", ClassPathVersions.unknown("the dump carries none").of(HIKARI, BAG).from());
    }
}
