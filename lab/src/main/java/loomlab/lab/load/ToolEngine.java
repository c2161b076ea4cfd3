package loomlab.lab.load;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import loomlab.core.arm.GeneratorUsage;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.LoadModel;
import loomlab.lab.process.ChildDied;
import loomlab.lab.process.ChildProcess;
import loomlab.lab.process.ProcStat;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.watch.Watchdog;

/**
 * Drives the measured part of an arm with one of the seeds' load tools: the lab's generator warms
 * the server up as for any arm, then the tool runs as a child process, and its printed summary
 * becomes the arm's figures. The tool's own latencies are from each actual send (none of these
 * tools corrects for coordinated omission), and there is no per-second timeline.
 */
final class ToolEngine extends ExternalEngine {
    private final LoadTool tool;
    private final ProcessSupervisor processes;
    private final Path workDir;
    private final PrintStream console;

    ToolEngine(LoadTool tool, LabLoadEngine warmUps, ProcessSupervisor processes, Path workDir,
               PrintStream console) {
        super(warmUps);
        this.tool = tool;
        this.processes = processes;
        this.workDir = workDir;
        this.console = console;
    }

    /**
     * The tool's figures; its latencies count from each actual send (none of these tools corrects
     * for coordinated omission). Its CPU is read from the lab's reaped children, since the tool is
     * the only child the lab waits for inside the window.
     */
    @Override
    public HttpMeasurement measure(HttpArmPlan plan, URI target, long serverPid, long warmupRequests,
                                   LabLoadEngine.ServerUsageProbe usage, Watchdog watch)
            throws InterruptedException {
        List<String> command;
        try {
            command = tool.command(plan, target, workDir);
        } catch (IOException e) {
            throw new ChildDied("cannot prepare " + tool.program() + ": " + e.getMessage());
        }
        console.println("    " + tool.program() + ": " + String.join(" ", command));
        console.println("    " + tool.program() + " differs from the lab's generator: " + tool.differences(plan));
        Path log = workDir.resolve(safe(plan.name()) + "." + tool.program() + ".txt");
        long self = ProcessHandle.current().pid();
        usage.beforeLoad();
        usage.windowOpens();
        OptionalDouble reapedAtStart = ProcStat.reapedChildrenCpuSeconds(self);
        ToolFigures figures;
        try (ChildProcess run = start(command, log)) {
            if (!run.waitFor(tool.limit(plan))) {
                throw new ChildDied(tool.program() + " did not finish within " + tool.limit(plan).toSeconds()
                        + " s; last lines of " + log + ":\n" + run.logTail(10).indent(4).stripTrailing());
            }
            try {
                figures = tool.parse(run.readLog());
            } catch (IllegalStateException | IllegalArgumentException e) {
                throw new ChildDied(tool.program() + " (exit code " + run.exitCode() + "): " + e.getMessage());
            }
        }
        Double toolCpu = ProcStat.between(reapedAtStart, ProcStat.reapedChildrenCpuSeconds(self));
        usage.windowCloses();
        usage.afterLoad(0);
        HttpMeasurement measured = new HttpMeasurement(figures.requests(), figures.elapsedS(),
                figures.throughputRps(), figures.latency(), figures.latency(), figures.errors(), warmupRequests, 0,
                new GeneratorUsage(null, null, false, toolCpu), List.of(),
                tool.program(), LoadModel.CLOSED);
        return tool.sendsFirstRequestAlone() ? measured.sentFirstRequestAlone() : measured;
    }

    private ChildProcess start(List<String> command, Path log) {
        try {
            return processes.start(tool.program(), command, log);
        } catch (IOException e) {
            throw new ChildDied("cannot run " + tool.program() + ": " + e.getMessage());
        }
    }

    private static String safe(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]+", "_");
    }
}
