package loomlab.lab.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.DeadlockEvidence;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.PinningArmPlan;
import loomlab.core.arm.StallOutcome;
import loomlab.lab.jfr.ThreadDump;
import loomlab.lab.load.Engine;
import loomlab.lab.load.StallWatch;
import loomlab.lab.servers.RunningServer;

/**
 * Runs a pinning arm: the HTTP arm on a server with few carriers, measured by the lab's own
 * generator under a stall watch. When the server stops answering while requests are outstanding,
 * the measurement stops, a thread dump is taken of the hung server and read for the evidence of a
 * virtual-thread deadlock, and the server is stopped; a hung run never hangs the lab.
 */
public final class PinningArmRunner implements ArmRunner<PinningArmPlan> {
    /** Takes and reads a thread dump of a running server. */
    @FunctionalInterface
    public interface ThreadDumper {
        /** The evidence in a dump written to {@code file}; an IOException saying why none could be taken. */
        DeadlockEvidence dump(RunningServer server, Path file) throws IOException, InterruptedException;
    }

    /** With the server's own JDK's {@code jcmd Thread.dump_to_file -format=json}, which lists virtual threads. */
    public static final ThreadDumper JCMD = (server, file) -> ThreadDump.take(server.java().jcmd(),
            server.process().pid(), file);

    private final HttpArmRunner http = new HttpArmRunner(Engine.LAB);
    private final ThreadDumper dumper;

    public PinningArmRunner() {
        this(JCMD);
    }

    public PinningArmRunner(ThreadDumper dumper) {
        this.dumper = dumper;
    }

    @Override
    public ArmResult run(PinningArmPlan plan, RunContext context) throws InterruptedException {
        Watched hook = new Watched(plan, context);
        ArmResult result = http.run(plan.http(), context, hook);
        if (!(result instanceof HttpArmResult measured)) {
            return result;
        }
        return measured.withStall(hook.outcome());
    }

    /** Gives the server its carriers, watches for a stall, and documents one with a thread dump. */
    private final class Watched implements HttpArmRunner.ArmHook {
        private final PinningArmPlan plan;
        private final RunContext context;
        private final StallWatch watch;
        private DeadlockEvidence evidence;

        Watched(PinningArmPlan plan, RunContext context) {
            this.plan = plan;
            this.context = context;
            this.watch = new StallWatch(plan.stallLimit());
        }

        @Override
        public List<String> serverFlags() {
            return plan.carrierFlags();
        }

        @Override
        public StallWatch stallWatch() {
            return watch;
        }

        @Override
        public void measured(RunningServer server) throws InterruptedException {
            if (watch.stalled()) {
                context.console().println("    no request completed for " + Math.round(watch.stalledS())
                        + " s with requests outstanding: taking a thread dump, then stopping the server");
                Path dump = context.armFile(plan.key(), "threads.json");
                try {
                    evidence = dumper.dump(server, dump).withDumpFile(context.outDir().relativize(dump).toString());
                } catch (IOException e) {
                    context.console().println("    no thread dump: " + e.getMessage());
                }
            }
        }

        StallOutcome outcome() {
            return watch.stalled()
                    ? new StallOutcome(plan.carriers(), StallOutcome.DEADLOCKED, watch.stalledS(), evidence)
                    : StallOutcome.completed(plan.carriers());
        }
    }
}
