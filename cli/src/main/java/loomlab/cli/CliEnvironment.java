package loomlab.cli;

import java.io.Console;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * What the lab reads of its process's environment, read once, by {@link #read()}, and the one place
 * that reads it: the environment variables, the system properties the launcher sets
 * ({@code loomlab.java}, {@code loomlab.home}) and the JVM's own (its java, the user's home, the
 * temporary folder), the machine's cores, and whether a person watches the output. The composition
 * root ({@link Lab}) hands these down as values; ArchitectureTest holds the classes below the command
 * line to it.
 *
 * @param labHome         the repository root, from {@code loomlab.home} or from where the lab's classes sit
 * @param java            the java that runs the lab's children: {@code loomlab.java}, else the lab's own
 * @param variables       the environment variables, as the lab's children inherit them
 * @param userHome        where {@code --jdk} looks for sdkman's and IntelliJ's JDKs
 * @param temporaryFolder the JVM's temporary folder
 * @param cores           the processors this JVM may use
 * @param interactive     output goes to a person at a terminal (not CI), so progress may be redrawn in place
 */
record CliEnvironment(Path labHome, Path java, Map<String, String> variables, Path userHome, Path temporaryFolder,
                      int cores, boolean interactive) {
    CliEnvironment {
        variables = Map.copyOf(variables);
    }

    /** This process's environment, as it is now. */
    static CliEnvironment read() {
        String javaProperty = System.getProperty("loomlab.java");
        Path java = javaProperty != null ? Path.of(javaProperty)
                : Path.of(System.getProperty("java.home"), "bin", "java");
        Console console = System.console();
        Map<String, String> variables = System.getenv();
        return new CliEnvironment(labHome(System.getProperty("loomlab.home")), java, variables,
                Path.of(System.getProperty("user.home")), Path.of(System.getProperty("java.io.tmpdir")),
                Runtime.getRuntime().availableProcessors(),
                console != null && console.isTerminal() && !variables.containsKey("CI"));
    }

    /** The folders programs are looked for in, as {@code PATH} lists them; null without one. */
    String path() {
        return variables.get("PATH");
    }

    /** {@code LOOMLAB_DEBUG} is set: an unexpected failure prints its stack trace. */
    boolean debug() {
        return variables.containsKey("LOOMLAB_DEBUG");
    }

    private static Path labHome(String property) {
        if (property != null) {
            return Path.of(property).toAbsolutePath().normalize();
        }
        try {
            Path codeSource = Path.of(CliEnvironment.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            // From cli/target/classes or cli/target/loomlab.jar the root is three levels up.
            for (Path dir = codeSource; dir != null; dir = dir.getParent()) {
                if (Files.isRegularFile(dir.resolve("loomlab")) && Files.isRegularFile(dir.resolve("pom.xml"))) {
                    return dir;
                }
            }
        } catch (URISyntaxException | RuntimeException ignored) {
            // fall through to the working directory
        }
        return Path.of("").toAbsolutePath();
    }
}
