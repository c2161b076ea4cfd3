package loomlab.lab.run;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.Warmup;
import loomlab.lab.load.Engine;
import loomlab.lab.load.locust.Locust;
import loomlab.lab.load.locust.LocustWorkers;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.Assumptions;

/** The arms the load-tool tests run, and how they run one with a tool: skipped when the tool is missing. */
final class ToolRuns {
    /** Sleeps of 20 ms and 20 connections: both near 1,000 req/s, far below what either tool can send. */
    static final HttpArmPlan STEADY = HttpArmPlan.forDuration(ServerId.LOOMCAT, ExecutorMode.virtual(),
            new Endpoint.Sleep(20), 20, Duration.ofSeconds(2), new Warmup(Duration.ofMillis(500), new Endpoint.Sleep(20)));
    /** The cross-check for Locust: a 50 ms downstream call, 20 users, near 400 req/s. */
    static final HttpArmPlan WAITING = HttpArmPlan.forDuration(ServerId.LOOMCAT, ExecutorMode.virtual(),
            new Endpoint.DownstreamCall(50), 20, Duration.ofSeconds(3),
            new Warmup(Duration.ofSeconds(1), new Endpoint.DownstreamCall(50)));
    static final HttpArmPlan COUNTED = HttpArmPlan.forRequests(ServerId.LOOMCAT, ExecutorMode.virtual(),
            new Endpoint.Sleep(20), 4, 40, Warmup.none(new Endpoint.Hello()));

    private ToolRuns() {
    }

    /** Locust installed in the lab's folder, its workers placed so. */
    static Engine locust(LocustWorkers workers) {
        return Locust.engine(LabFixture.HOME).with(workers);
    }

    /**
     * Installs what the engine installs itself as a first use would (Locust); skips the test with the
     * reason when its tool is missing or cannot be installed.
     */
    static HttpArmResult run(Path out, Engine engine, HttpArmPlan plan) throws Exception {
        try {
            engine.requireInstalled(System.getenv("PATH"));
            if (engine.ownInstall().isPresent()) {
                engine.ownInstall().get().ensure(new PrintStream(OutputStream.nullOutputStream()),
                        new ProcessSupervisor());
            }
        } catch (loomlab.core.BadInput missing) {
            Assumptions.abort(missing.getMessage());
        }
        HttpArmRunner runner = new HttpArmRunner(engine);
        try {
            ArmResult result = runner.run(plan, LabFixture.context(out));
            return assertInstanceOf(HttpArmResult.class, result, result.toString());
        } finally {
            runner.experimentDone(); // the downstream service, which the runner keeps for more arms
        }
    }
}
