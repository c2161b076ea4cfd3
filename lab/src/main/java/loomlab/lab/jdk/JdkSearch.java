package loomlab.lab.jdk;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Where the lab looks for a JDK of a feature version, in order: the environment variable
 * {@code LOOMLAB_JDK_<N>}, {@code JAVA_HOME}, the lab's own install folder, then the usual install
 * folders ({@code /usr/lib/jvm}, sdkman, {@code ~/.jdks}, {@code /opt}). Reads {@code release}
 * files only; nothing is started. The environment and roots are given, so tests use folders of
 * their own.
 *
 * @param environment the process environment
 * @param labJdks     the lab's own install folder, {@code <lab home>/.loomlab/jdks}
 * @param roots       folders whose children may be JDK homes
 */
public record JdkSearch(Map<String, String> environment, Path labJdks, List<Path> roots) {
    /**
     * The order {@link #standard} looks in, as help and docs say it (the commands' help quotes this
     * constant; JdkSearchTest checks it against the folders searched).
     */
    public static final String ORDER = "LOOMLAB_JDK_<N>, JAVA_HOME, the lab's own installs (.loomlab/jdks),"
            + " /usr/lib/jvm, sdkman, ~/.jdks, /opt/java, /opt, /Library/Java/JavaVirtualMachines";

    /**
     * The lab's search: {@code environment}'s variables, the lab's own installs under {@code labHome},
     * the machine's folders and those under {@code userHome}; the command line reads what it is given.
     */
    public static JdkSearch standard(Path labHome, Map<String, String> environment, Path userHome) {
        Path user = userHome;
        return new JdkSearch(environment, labJdks(labHome), List.of(Path.of("/usr/lib/jvm"),
                user.resolve(".sdkman/candidates/java"), user.resolve(".jdks"), Path.of("/opt/java"), Path.of("/opt"),
                Path.of("/Library/Java/JavaVirtualMachines")));
    }

    public static Path labJdks(Path labHome) {
        return labHome.resolve(".loomlab").resolve("jdks");
    }

    /** A candidate home and what pointed at it. */
    public record Candidate(Path home, String foundBy) {
    }

    /** The first home of {@code feature} in the search order, or empty. */
    public Optional<Candidate> find(int feature) {
        return candidates().stream().filter(c -> JdkHome.feature(c.home()).orElse(-1) == feature).findFirst();
    }

    /** Every home the search order points at, first the variables, for {@code loomlab jdks}. */
    public List<Candidate> candidates() {
        List<Candidate> candidates = new ArrayList<>();
        environment.entrySet().stream().filter(e -> e.getKey().startsWith("LOOMLAB_JDK_")).sorted(Map.Entry.comparingByKey())
                .forEach(e -> candidates.add(new Candidate(Path.of(e.getValue()), e.getKey())));
        String javaHome = environment.get("JAVA_HOME");
        if (javaHome != null && !javaHome.isBlank()) {
            candidates.add(new Candidate(Path.of(javaHome), "JAVA_HOME"));
        }
        children(labJdks).forEach(dir -> candidates.add(new Candidate(JdkInstaller.runtimeIn(dir),
                "installed by the lab")));
        for (Path root : roots) {
            children(root).forEach(dir -> candidates.add(new Candidate(homeIn(dir), root.toString())));
        }
        return candidates;
    }

    /**
     * The candidates with each JDK once: a home reached again (JAVA_HOME naming a folder of
     * /usr/lib/jvm, a symbolic link beside its target) keeps the first place the search found it.
     */
    public List<Candidate> distinctCandidates() {
        Set<Path> seen = new HashSet<>();
        return candidates().stream().filter(c -> seen.add(realPath(c.home()))).toList();
    }

    private static Path realPath(Path home) {
        try {
            return home.toRealPath();
        } catch (IOException e) {
            return home.toAbsolutePath().normalize();
        }
    }

    /** macOS keeps the home under Contents/Home. */
    private static Path homeIn(Path dir) {
        Path mac = dir.resolve("Contents").resolve("Home");
        return Files.isDirectory(mac) ? mac : dir;
    }

    private static List<Path> children(Path root) {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(root)) {
            return entries.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
