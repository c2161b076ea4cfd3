package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import loomlab.lab.jdk.JdkSearch;
import loomlab.lab.process.ChildProcess;

/**
 * A service of the tests' own ({@code src/test/resources/services/NAME/Main.java}), compiled here for JDK
 * 21 against the third-party jars the build copied to a folder of {@code target}, and started by a test
 * on the JDK it asks for, on port 0.
 */
final class OwnService {
    /** Apache HttpClient 4.5.14 and what its pom names: services/relay's library. */
    static final Path RELAY_LIBRARIES = Path.of("target", "relay-libraries").toAbsolutePath();
    /** Two carriers whatever the machine, as the services' deadlocks are described for. */
    static final List<String> TWO_CARRIERS = List.of("-Djdk.virtualThreadScheduler.parallelism=2",
            "-Djdk.virtualThreadScheduler.maxPoolSize=2");
    private static final Pattern LISTENING = Pattern.compile("listening on (\\d+)");

    private OwnService() {
    }

    /** The jars of a folder the build filled, as a class path; {@code count} of them, or the test fails. */
    static String libraries(Path folder, int count) throws IOException {
        List<Path> jars;
        try (Stream<Path> files = Files.list(folder)) {
            jars = files.filter(f -> f.toString().endsWith(".jar")).sorted().toList();
        }
        assertEquals(count, jars.size(), "the jars in " + folder + ": " + jars);
        return jars.stream().map(Path::toString).collect(Collectors.joining(":"));
    }

    /**
     * {@code services/<source>} (e.g. {@code relay/RelayService.java}) compiled with {@code --release 21}
     * into {@code classes}, against {@code libraries} (a class path, or empty).
     */
    static void compile(String source, Path classes, String libraries) throws IOException {
        Path file = classes.resolve(source);
        Files.createDirectories(file.getParent());
        try (InputStream in = OwnService.class.getResourceAsStream("/services/" + source)) {
            Files.write(file, in.readAllBytes());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> args = new ArrayList<>(List.of("--release", "21", "-d", classes.toString()));
        if (!libraries.isEmpty()) {
            args.addAll(List.of("-cp", libraries));
        }
        args.add(file.toString());
        assertEquals(0, javac.run(null, null, null, args.toArray(String[]::new)), source + " compiles for JDK 21");
    }

    /** The java of the lab's JDK 21; the test skips where the machine has none. */
    static Path java21() {
        var jdk21 = JdkSearch.standard(CliProcess.HOME, System.getenv(), Path.of(System.getProperty("user.home")))
                .find(21);
        assumeTrue(jdk21.isPresent(), "no JDK 21 on this machine (./loomlab install jdk21)");
        return jdk21.get().home().resolve("bin/java");
    }

    /** The java of the JDK 25 the tests run on. */
    static Path java25() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /** A service started: the process and the port it printed that it listens on. */
    record Started(Process process, int port) {
        /** Stops it by force, and removes the attach socket a diagnose left of it. */
        void stop() throws InterruptedException {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            ChildProcess.removeAttachSockets(List.of(process.toHandle()));
        }
    }

    /** {@code java} with {@code args}, its output in {@code log}, once it prints the port it listens on. */
    static Started start(Path java, Path log, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(java.toString()));
        command.addAll(args);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        try {
            while (System.nanoTime() < deadline) {
                Matcher listening = LISTENING.matcher(Files.readString(log));
                if (listening.find()) {
                    return new Started(process, Integer.parseInt(listening.group(1)));
                }
                assertTrue(process.isAlive(), "the service ended: " + Files.readString(log));
                Thread.sleep(100);
            }
            throw new AssertionError("the service did not listen: " + Files.readString(log));
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw e;
        }
    }
}
