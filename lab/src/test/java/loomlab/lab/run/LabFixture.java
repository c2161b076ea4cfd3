package loomlab.lab.run;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import loomlab.core.experiment.Profile;
import loomlab.lab.database.PostgresHost;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.servers.ServerUnderTest;
import loomlab.lab.servers.Servers;

/** A run context on the real servers built in this repository, printing nowhere. */
final class LabFixture {
    /** Surefire runs in the module folder; the repository root is its parent. */
    static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    private LabFixture() {
    }

    /** Where a throwaway PostgreSQL runs: this machine, as the tests' own environment describes it. */
    static final PostgresHost POSTGRES = new PostgresHost(System.getenv("PATH"),
            Path.of(System.getProperty("java.io.tmpdir")));

    static JavaLauncher launcher() {
        return new JavaLauncher(HOME, Path.of(System.getProperty("java.home"), "bin", "java"));
    }

    static RunContext context(Path out) {
        ProcessSupervisor processes = new ProcessSupervisor();
        return new RunContext(Profile.QUICK, out, launcher(), processes, Servers.standard(launcher(), processes),
                new PrintStream(OutputStream.nullOutputStream()), false);
    }

    /** Printing progress to {@code console}. */
    static RunContext context(Path out, PrintStream console) {
        ProcessSupervisor processes = new ProcessSupervisor();
        return new RunContext(Profile.QUICK, out, launcher(), processes, Servers.standard(launcher(), processes),
                console, false);
    }

    static RunContext context(Path out, List<ServerUnderTest> servers) {
        ProcessSupervisor processes = new ProcessSupervisor();
        return new RunContext(Profile.QUICK, out, launcher(), processes, new Servers(launcher(), processes, servers),
                new PrintStream(OutputStream.nullOutputStream()), false);
    }
}
