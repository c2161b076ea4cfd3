package loomlab.lab.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.OptionalInt;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClassVersionsTest {
    @TempDir
    Path dir;

    private static byte[] classOf(int major) {
        return new byte[] {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0, 0, (byte) (major >> 8),
                (byte) major, 1, 2, 3};
    }

    private static byte[] jar(Map<String, byte[]> entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream out = new JarOutputStream(bytes)) {
            for (Map.Entry<String, byte[]> entry : entries.entrySet()) {
                out.putNextEntry(new JarEntry(entry.getKey()));
                out.write(entry.getValue());
                out.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    private Path write(String name, byte[] bytes) throws IOException {
        Path file = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write(bytes);
        }
        return file;
    }

    @Test
    void theNewestClassDecidesNestedJarsIncludedAndMultiReleaseAndModuleDescriptorsLeftOut() throws IOException {
        Path app = write("app.jar", jar(Map.of(
                "BOOT-INF/classes/com/acme/App.class", classOf(65),
                "BOOT-INF/lib/lib.jar", jar(Map.of("org/lib/Util.class", classOf(69),
                        "META-INF/versions/26/org/lib/Util.class", classOf(70))),
                "META-INF/versions/25/com/acme/Fast.class", classOf(69),
                "module-info.class", classOf(70),
                "README.txt", new byte[] {1, 2, 3})));
        assertEquals(OptionalInt.of(69), ClassVersions.newestMajor(app), "the nested library needs Java 25");
        assertEquals(25, ClassVersions.release(69));
        Path old = write("old.jar", jar(Map.of("BOOT-INF/classes/com/acme/App.class", classOf(61),
                "META-INF/versions/21/com/acme/App.class", classOf(65))));
        assertEquals(OptionalInt.of(61), ClassVersions.newestMajor(old), "reversed: Java 17 classes run on 21");
        assertEquals(OptionalInt.empty(), ClassVersions.newestMajor(write("none.jar", jar(Map.of("a.txt",
                new byte[] {1})))));
    }
}
