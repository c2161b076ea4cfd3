package loomlab.lab.assess;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import loomlab.http.ParentWatch;
import loomlab.http.ParentWatchAgent;

/**
 * The jar that holds the parent watch as an agent ({@link ParentWatchAgent} and the
 * {@link ParentWatch} it starts) and nothing else, written once into a run's folder, and the JVM
 * option that loads it into a service with the lab's pid.
 */
final class WatchAgentJar {
    static final String FILE = "loomlab-watch-agent.jar";

    private WatchAgentJar() {
    }

    /** {@code -javaagent:DIR/loomlab-watch-agent.jar=PID}, the jar written first when it is not there. */
    static String flag(Path dir) {
        return flag(dir, ProcessHandle.current().pid());
    }

    /** The same watching another process: for tests, which stand a process of their own in for the lab. */
    static String flag(Path dir, long watchedPid) {
        Path jar = dir.resolve(FILE);
        writeOnce(jar);
        return "-javaagent:" + jar + "=" + watchedPid;
    }

    private static void writeOnce(Path jar) {
        if (Files.isRegularFile(jar)) {
            return;
        }
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(new Attributes.Name("Premain-Class"), ParentWatchAgent.class.getName());
        try {
            Files.createDirectories(jar.toAbsolutePath().getParent());
            Path partial = Files.createTempFile(jar.toAbsolutePath().getParent(), ".watch-agent", ".tmp");
            try (OutputStream file = Files.newOutputStream(partial);
                 JarOutputStream out = new JarOutputStream(file, manifest)) {
                for (Class<?> type : List.of(ParentWatchAgent.class, ParentWatch.class)) {
                    add(out, type);
                }
            }
            Files.move(partial, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + jar, e);
        }
    }

    private static void add(JarOutputStream out, Class<?> type) throws IOException {
        String entry = type.getName().replace('.', '/') + ".class";
        try (InputStream classBytes = type.getResourceAsStream("/" + entry)) {
            if (classBytes == null) {
                throw new IllegalStateException(entry + " is missing from the lab's classes");
            }
            out.putNextEntry(new JarEntry(entry));
            classBytes.transferTo(out);
            out.closeEntry();
        }
    }
}
