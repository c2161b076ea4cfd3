package loomlab.lab.assess;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.OptionalInt;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarInputStream;

/**
 * The newest class-file version a jar's classes need: its own classes and those of the jars nested in it
 * (a Spring Boot jar's {@code BOOT-INF/lib}), so that a JDK too old to load them is known before any arm
 * starts on it. A multi-release jar's {@code META-INF/versions/N} classes are left out (only JDK N and
 * later load them), and so are {@code module-info} classes (a library may compile its module descriptor
 * for a newer release than the code a classpath loads).
 */
public final class ClassVersions {
    /** Class-file major versions begin at 45 for Java 1.1; Java N is N + 44. */
    static final int OFFSET = 44;
    private static final int MAGIC = 0xCAFEBABE;

    private ClassVersions() {
    }

    /** The Java feature release a class-file major version needs: 65 is 21, 69 is 25. */
    public static int release(int major) {
        return major - OFFSET;
    }

    /** The highest major version of the jar's classes, or empty when it holds none that could be read. */
    public static OptionalInt newestMajor(Path jar) throws IOException {
        int newest = 0;
        try (JarFile file = new JarFile(jar.toFile(), false)) {
            for (JarEntry entry : file.stream().toList()) {
                try (InputStream in = file.getInputStream(entry)) {
                    newest = Math.max(newest, of(entry.getName(), in));
                }
            }
        }
        return newest == 0 ? OptionalInt.empty() : OptionalInt.of(newest);
    }

    /** An entry's major version: a class's own, a nested jar's newest, 0 for anything else. */
    private static int of(String name, InputStream in) throws IOException {
        if (name.startsWith("META-INF/versions/")) {
            return 0;
        }
        if (name.endsWith(".class") && !name.endsWith("module-info.class")) {
            return major(in);
        }
        if (name.endsWith(".jar")) {
            int newest = 0;
            try (JarInputStream nested = new JarInputStream(new ByteArrayInputStream(in.readAllBytes()), false)) {
                for (JarEntry entry; (entry = nested.getNextJarEntry()) != null; ) {
                    newest = Math.max(newest, of(entry.getName(), nested));
                }
            }
            return newest;
        }
        return 0;
    }

    /** The major version from a class file's first eight bytes; 0 when it is not a class file. */
    static int major(InputStream in) throws IOException {
        byte[] head = in.readNBytes(8);
        if (head.length < 8) {
            return 0;
        }
        int magic = ((head[0] & 0xff) << 24) | ((head[1] & 0xff) << 16) | ((head[2] & 0xff) << 8) | (head[3] & 0xff);
        return magic == MAGIC ? ((head[6] & 0xff) << 8) | (head[7] & 0xff) : 0;
    }
}
