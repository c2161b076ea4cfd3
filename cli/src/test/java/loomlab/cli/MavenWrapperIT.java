package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./mvnw}, the first thing a Maven user types, builds on a JDK 25 whatever {@code java} comes first
 * on PATH, or says in one line that it needs one and how to point at it. {@code .mvn/jvm.config} holds an
 * option an older JVM refuses to start with, so a JDK 17 first on PATH (Debian's default) once ended the
 * build on "Unrecognized option" before Maven could say what it needs.
 */
class MavenWrapperIT {
    private static final Path MVNW = CliProcess.HOME.resolve("mvnw");

    @TempDir
    Path dir;

    @Test
    void mavenRunsOnAJdk25WhenAnOlderJavaComesFirst() throws Exception {
        Path old = oldJdk();
        String path = old.resolve("bin") + ":" + System.getenv("PATH");
        // The JDK 25 this test runs on, where the lab's search looks first; JAVA_HOME is unset.
        Result onPath = mvnw(Map.of("PATH", path, "LOOMLAB_JDK_25", System.getProperty("java.home")));
        assertEquals(0, onPath.exit(), onPath.output());
        assertTrue(onPath.output().contains("Java version: 25"), onPath.output());

        Result javaHome = mvnw(Map.of("PATH", path, "JAVA_HOME", old.toString(), "LOOMLAB_JDK_25",
                System.getProperty("java.home")));
        assertEquals(0, javaHome.exit(), javaHome.output());
        assertTrue(javaHome.output().contains("Java version: 25"), javaHome.output());
    }

    @Test
    void withoutAJdk25ItSaysSoInOneLine() throws Exception {
        Path old = oldJdk();
        Path none = Files.createDirectories(dir.resolve("no-jdks"));
        // Nothing but the old JDK anywhere the search looks.
        Result result = mvnw(Map.of("PATH", old.resolve("bin").toString(), "LOOMLAB_JDK_ROOTS", none.toString(),
                "HOME", dir.toString()));
        assertEquals(1, result.exit(), result.output());
        String output = result.output().strip();
        assertFalse(output.contains("\n"), "one line: " + output);
        assertFalse(output.contains("Unrecognized option"), output);
        assertTrue(output.startsWith("mvnw: Loom Lab builds with JDK 25 and found none"), output);
        assertTrue(output.contains("JAVA_HOME=/path/to/jdk-25 ./mvnw verify"), output);
    }

    /** A JDK 17 home whose java and javac refuse the build's options, as Debian's does. */
    private Path oldJdk() throws IOException {
        Path home = dir.resolve("jdk-17");
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Debian\"\nJAVA_VERSION=\"17.0.15\"\n");
        for (String tool : new String[] {"java", "javac"}) {
            Path script = home.resolve("bin").resolve(tool);
            Files.writeString(script, "#!/bin/sh\necho 'Unrecognized option: --sun-misc-unsafe-memory-access=allow' >&2\n"
                    + "echo 'Error: Could not create the Java Virtual Machine.' >&2\nexit 1\n");
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return home;
    }

    private record Result(int exit, String output) {
    }

    /** {@code ./mvnw -v} with JAVA_HOME and the lab's JDK variables unset, then {@code environment}. */
    private Result mvnw(Map<String, String> environment) throws IOException, InterruptedException {
        Path log = dir.resolve("mvnw.log");
        ProcessBuilder builder = new ProcessBuilder(MVNW.toString(), "-B", "-v").directory(CliProcess.HOME.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().keySet().removeIf(name -> name.equals("JAVA_HOME") || name.startsWith("LOOMLAB_JDK")
                || name.equals("MAVEN_OPTS"));
        builder.environment().putAll(environment);
        Process process = builder.start();
        try {
            assertTrue(process.waitFor(2, TimeUnit.MINUTES), "./mvnw -v did not finish: " + Files.readString(log));
        } finally {
            process.destroyForcibly();
        }
        return new Result(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }
}
