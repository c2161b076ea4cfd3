package loomlab.lab.load;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import loomlab.core.BadInput;
import loomlab.core.arm.HttpArmPlan;
import loomlab.lab.process.ProcessSupervisor;

/**
 * One of the seeds' load tools (ab, siege, wrk) as an engine: it measures a run's arms and nothing
 * more, from the machine's own install.
 *
 * @param debianPackage what installs the tool on Debian and Ubuntu
 */
record SeedTool(LoadTool tool, String debianPackage) implements Engine {
    @Override
    public String label() {
        return tool.program();
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.noneOf(Capability.class);
    }

    @Override
    public List<String> helpNotes() {
        return List.of("where " + tool.program() + " is installed");
    }

    @Override
    public Engine requireInstalled(String path) {
        if (Engines.onPath(tool.program(), path).isEmpty()) {
            throw new BadInput("--engine " + label() + ": " + tool.program() + " is not installed; install it with"
                    + " 'apt-get install " + debianPackage + "' (Debian, Ubuntu) or use --engine lab");
        }
        return this;
    }

    @Override
    public HttpArmPlan asRun(HttpArmPlan plan) {
        return tool.asRun(plan);
    }

    @Override
    public LoadEngine create(PrintStream console, boolean live, ProcessSupervisor processes, Path histogramLog,
                             Path toolDir) {
        return new ToolEngine(tool, new LabLoadEngine(console, live).recordingHistogramsTo(histogramLog), processes,
                toolDir, console);
    }

    @Override
    public String description() {
        return tool.program() + " (measured arms; warm-ups by " + LabLoadEngine.NAME + ")";
    }
}
