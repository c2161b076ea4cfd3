package loomlab.lab.load.locust;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import loomlab.core.BadInput;
import loomlab.lab.load.OwnInstall;
import loomlab.lab.process.ChildProcess;
import loomlab.lab.process.Folders;
import loomlab.lab.process.ProcessSupervisor;

/**
 * Locust in a virtual environment of the lab's own, {@code <lab home>/.loomlab/locust-VERSION/},
 * at a pinned version from PyPI. It is built in a temporary folder that is renamed into place at
 * the end, so an interrupted install leaves nothing half-made; and it is always run as
 * {@code <venv>/bin/python -m locust}, since a virtual environment's scripts name the folder it
 * was built in while its interpreter finds its packages from where it is.
 */
public final class LocustInstall implements OwnInstall {
    public static final String VERSION = "2.47.0";
    static final String MARKER = "loomlab-locust-version";
    private static final Duration STEP_LIMIT = Duration.ofMinutes(10);
    private static final String NEEDS_PYTHON = "--engine locust needs python3 with venv and pip to install Locust "
            + VERSION + ": install them with 'apt-get install python3 python3-venv python3-pip' (Debian, Ubuntu)";
    private static final Object LOCK = new Object();

    private final Path labHome;

    public LocustInstall(Path labHome) {
        this.labHome = labHome;
    }

    @Override
    public String name() {
        return LocustEngine.NAME;
    }

    @Override
    public String product() {
        return "Locust";
    }

    @Override
    public String version() {
        return VERSION;
    }

    @Override
    public String describe() {
        return "Locust " + VERSION + " in a virtual environment";
    }

    /** The virtual environment's folder. */
    @Override
    public Path folder() {
        return labHome.resolve(".loomlab").resolve("locust-" + VERSION);
    }

    /** How to run this Locust: its environment's python with {@code -m locust}. */
    public List<String> locust() {
        return List.of(folder().resolve("bin").resolve("python").toString(), "-m", "locust");
    }

    @Override
    public boolean installed() {
        try {
            return Files.isExecutable(folder().resolve("bin").resolve("python"))
                    && VERSION.equals(Files.readString(folder().resolve(MARKER)).strip());
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Installs Locust unless it is there, saying so on {@code console}; a {@link BadInput} naming
     * what to install when python3, its venv module or pip is missing, or why pip failed.
     */
    @Override
    public LocustInstall ensure(PrintStream console, ProcessSupervisor processes) throws InterruptedException {
        synchronized (LOCK) {
            if (installed()) {
                return this;
            }
            console.println("loomlab: installing Locust " + VERSION + " (PyPI locust==" + VERSION
                    + ") into a virtual environment of the lab's own, " + folder());
            Path parent = folder().getParent();
            Path partial;
            try {
                Files.createDirectories(parent);
                partial = Files.createTempDirectory(parent, ".locust-installing-");
            } catch (IOException e) {
                throw new BadInput("cannot install Locust " + VERSION + ": cannot create " + parent + " ("
                        + e.getMessage() + ")");
            }
            try {
                Path python = partial.resolve("bin").resolve("python");
                step(processes, partial, "venv", List.of("python3", "-m", "venv", partial.toString()),
                        NEEDS_PYTHON);
                step(processes, partial, "pip", List.of(python.toString(), "-m", "pip", "install", "--quiet",
                        "--disable-pip-version-check", "locust==" + VERSION), null);
                String version = step(processes, partial, "check", List.of(python.toString(), "-m", "locust",
                        "--version"), null);
                if (!version.contains(VERSION)) {
                    throw new BadInput("cannot install Locust " + VERSION + ": the installed one says '"
                            + version.strip() + "'");
                }
                Files.writeString(partial.resolve(MARKER), VERSION + "\n");
                Folders.deleteQuietly(folder());
                Files.move(partial, folder(), StandardCopyOption.ATOMIC_MOVE);
                console.println("loomlab: Locust " + VERSION + " installed");
                return this;
            } catch (IOException e) {
                throw new BadInput("cannot install Locust " + VERSION + ": " + e.getMessage());
            } finally {
                Folders.deleteQuietly(partial);
            }
        }
    }

    /** Runs one install step to its end; its output, or bad input with {@code whenMissing} or its last line. */
    private static String step(ProcessSupervisor processes, Path partial, String name, List<String> command,
                               String whenMissing) throws InterruptedException {
        Path log = partial.resolveSibling(partial.getFileName() + "." + name + ".log");
        try (ChildProcess child = processes.start("locust install (" + name + ")", command, log)) {
            if (!child.waitFor(STEP_LIMIT)) {
                throw new BadInput("cannot install Locust " + VERSION + ": " + name + " did not finish within "
                        + STEP_LIMIT.toMinutes() + " minutes");
            }
            String output = child.readLog();
            if (child.exitCode() != 0) {
                if (whenMissing != null) {
                    throw new BadInput(whenMissing + " (" + lastLine(output) + ")");
                }
                throw new BadInput("cannot install Locust " + VERSION + ": " + name + " failed: " + lastLine(output));
            }
            return output;
        } catch (IOException e) {
            throw new BadInput(whenMissing != null ? whenMissing : "cannot install Locust " + VERSION + ": "
                    + e.getMessage());
        } finally {
            try {
                Files.deleteIfExists(log);
            } catch (IOException ignored) {
                // a log in the lab's own folder is harmless
            }
        }
    }

    private static String lastLine(String output) {
        return output.lines().filter(line -> !line.isBlank()).reduce((first, second) -> second).orElse("no output")
                .strip();
    }
}
