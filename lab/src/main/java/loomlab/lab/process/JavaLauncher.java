package loomlab.lab.process;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import loomlab.core.BadInput;

/**
 * Knows where the lab lives and which java runs its children: the JDK that runs the lab, unless
 * {@code loomlab.java} names another, and the repository root from {@code loomlab.home} (set by
 * the launcher) or from where the lab's own jar sits.
 */
public final class JavaLauncher {
    private final Path home;
    private final Path java;

    public JavaLauncher(Path home, Path java) {
        this.home = home;
        this.java = java;
    }

    public static JavaLauncher fromEnvironment() {
        String javaProperty = System.getProperty("loomlab.java");
        Path java = javaProperty != null ? Path.of(javaProperty)
                : Path.of(System.getProperty("java.home"), "bin", "java");
        return new JavaLauncher(findHome(), java);
    }

    public Path home() {
        return home;
    }

    public Path java() {
        return java;
    }

    /** A built artefact under the repository root; a clear error when it was not built. */
    public Path jar(String relativePath) {
        Path jar = home.resolve(relativePath);
        if (!Files.isRegularFile(jar)) {
            throw new BadInput(relativePath + " is not built under " + home + ": run ./loomlab build");
        }
        return jar;
    }

    private static Path findHome() {
        String property = System.getProperty("loomlab.home");
        if (property != null) {
            return Path.of(property).toAbsolutePath().normalize();
        }
        try {
            Path codeSource = Path.of(JavaLauncher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            // From lab/target/classes or cli/target/loomlab.jar the root is three levels up.
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
