package loomlab.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import loomlab.lab.jdk.JdkSearch;
import loomlab.lab.jdk.Jdks;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.report.ResultFiles;
import loomlab.lab.servers.Servers;

/**
 * The lab as the command line assembles it, once, in {@link LoomLab#main}: the composition root. The
 * environment is read once ({@link CliEnvironment}), and from it the lab's own JDK, the supervisor of
 * every child process, the JDK search, the servers' registry and the console are built here and
 * nowhere else; picocli's factory ({@link LabFactory}) hands this one object to every command that
 * takes it. A command turns its options into a request and hands it to the lab. Building it starts
 * nothing and writes nothing, so bad input still costs nothing.
 */
final class Lab {
    private final JavaLauncher java;
    private final ProcessSupervisor processes;
    private final JdkSearch jdkSearch;
    private final Servers servers;
    private final PrintStream console;
    private final ResultFiles resultFiles = ResultFiles.standard();

    private Lab(JavaLauncher java, JdkSearch jdkSearch, PrintStream console) {
        this.java = java;
        this.processes = new ProcessSupervisor();
        this.jdkSearch = jdkSearch;
        this.servers = Servers.standard(java, processes).keepingClassData();
        this.console = console;
    }

    /** The lab of this process, from its environment. */
    static Lab fromEnvironment() {
        JavaLauncher java = CliEnvironment.javaLauncher();
        return new Lab(java, CliEnvironment.jdkSearch(java.home()), System.out);
    }

    /** The lab's own folder: where results go unless a command is told otherwise. */
    Path home() {
        return java.home();
    }

    /** How a command writes its results: every format, each file atomically. */
    ResultFiles resultFiles() {
        return resultFiles;
    }

    /** {@code loomlab jdks}: each JDK {@code --jdk} can use, once, in the order it looks, one line each. */
    List<String> jdks() throws InterruptedException {
        List<String> lines = new ArrayList<>();
        for (JdkSearch.Candidate candidate : jdkSearch.distinctCandidates()) {
            Jdks.describe(candidate).ifPresent(lines::add);
        }
        return lines;
    }
}
