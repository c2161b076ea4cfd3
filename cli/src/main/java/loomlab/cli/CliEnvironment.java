package loomlab.cli;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import loomlab.lab.jdk.JdkSearch;
import loomlab.lab.process.JavaLauncher;

/**
 * What the lab reads of its process's environment, and the one place that reads it: the environment
 * variables and the system properties the launcher sets ({@code loomlab.java}, {@code loomlab.home}).
 * The classes below the command line are handed these as values (ArchitectureTest holds them to it).
 */
final class CliEnvironment {
    private CliEnvironment() {
    }

    /**
     * The JDK that runs the lab's children, unless {@code loomlab.java} names another, and the
     * repository root from {@code loomlab.home} (set by the launcher) or from where the lab's jar sits.
     */
    static JavaLauncher javaLauncher() {
        String javaProperty = System.getProperty("loomlab.java");
        Path java = javaProperty != null ? Path.of(javaProperty)
                : Path.of(System.getProperty("java.home"), "bin", "java");
        return new JavaLauncher(labHome(), java);
    }

    /** The environment variables, as the lab's children inherit them. */
    static Map<String, String> variables() {
        return System.getenv();
    }

    /** The folders programs are looked for in, as {@code PATH} lists them. */
    static String path() {
        return System.getenv("PATH");
    }

    /** Where {@code --jdk} looks, in its order: the variables first, then the folders under the user's home. */
    static JdkSearch jdkSearch(Path labHome) {
        return JdkSearch.standard(labHome, variables(), Path.of(System.getProperty("user.home")));
    }

    private static Path labHome() {
        String property = System.getProperty("loomlab.home");
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
