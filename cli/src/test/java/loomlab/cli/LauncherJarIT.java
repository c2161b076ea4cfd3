package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import loomlab.lab.report.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jar that {@code ./loomlab} runs ({@code cli/target/loomlab.jar}), as this build packaged it: the
 * other integration tests run the CLI from the test class path, which holds every module whatever the jar
 * holds. A build that compiles the tests must package a jar a user can run afterwards: a module that a
 * test-scoped declaration took out of the shaded jar once made {@code ./loomlab run} fail with
 * {@code NoClassDefFoundError} after {@code ./loomlab test}.
 */
class LauncherJarIT {
    private static final Path JAR = CliProcess.HOME.resolve("cli/target/loomlab.jar");
    /** The lab's own modules the command line runs on; each one's classes go into the jar whole. */
    private static final List<String> MODULES = List.of("core", "lab", "load", "threads", "servers/http-kit", "cli");

    @TempDir
    Path dir;

    @Test
    void everyClassOfTheLabsModulesIsInTheJar() throws IOException {
        assumeTrue(Files.isRegularFile(JAR), JAR + " is not built");
        Set<String> inJar = new TreeSet<>();
        try (JarFile jar = new JarFile(JAR.toFile())) {
            jar.stream().map(entry -> entry.getName()).filter(name -> name.endsWith(".class")).forEach(inJar::add);
        }
        List<String> missing = new ArrayList<>();
        int checked = 0;
        for (String module : MODULES) {
            Path classes = CliProcess.HOME.resolve(module).resolve("target/classes");
            assertTrue(Files.isDirectory(classes), classes + " is built");
            try (Stream<Path> files = Files.walk(classes)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                    String name = classes.relativize(file).toString().replace('\\', '/');
                    checked++;
                    if (!inJar.contains(name)) {
                        missing.add(module + ": " + name);
                    }
                }
            }
        }
        assertTrue(checked > 500, "the modules' classes were found: " + checked);
        assertEquals(List.of(), missing.stream().limit(10).toList(), missing.size() + " classes missing from " + JAR);
    }

    @Test
    void theJarLoadsALoopbackServerAsTheLauncherRunsIt() throws Exception {
        assumeTrue(Files.isRegularFile(JAR), JAR + " is not built");
        Path log = dir.resolve("load.log");
        Path out = dir.resolve("load.json");
        try (HelloServer server = HelloServer.start()) {
            Process load = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Dloomlab.home=" + CliProcess.HOME, "-jar", JAR.toString(), "load", server.url(), "-c", "2", "-n",
                    "50", "--json")
                    .redirectError(log.toFile()).redirectOutput(out.toFile()).start();
            try {
                assertTrue(load.waitFor(2, TimeUnit.MINUTES), "loomlab load did not finish: " + Files.readString(log));
            } finally {
                load.destroyForcibly();
            }
            assertEquals(0, load.exitValue(), Files.readString(log));
        }
        JsonNode json = Json.mapper().readTree(out.toFile());
        assertEquals(50, json.get("requests").asLong(), json.toString());
        assertEquals(0, json.get("errors").asLong(), json.toString());
    }
}
