package loomlab.lab.load.locust;

import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import loomlab.core.BadInput;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.Warmup;
import loomlab.core.experiment.Profile;
import loomlab.lab.load.LabLoadEngine;
import loomlab.lab.process.ChildProcess;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.watch.WatchLimits;
import loomlab.lab.watch.Watchdog;
import loomlab.lab.watch.WatchedJvm;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.Assumptions;

/** What the tests of Locust across network namespaces share: the arm, loomcat in a namespace, a measured run. */
final class NamespaceRuns {
    static final Path HOME = Path.of("..").toAbsolutePath().normalize();
    /** Waiting dominates: 20 users on a 50 ms sleep, near 400 req/s, far below what either set-up can send. */
    static final HttpArmPlan WAITING = HttpArmPlan.forDuration(ServerId.LOOMCAT, ExecutorMode.virtual(),
            new Endpoint.Sleep(50), 20, Duration.ofSeconds(3), new Warmup(Duration.ofSeconds(1), new Endpoint.Sleep(50)));
    static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    private NamespaceRuns() {
    }

    /** Locust in the lab's own folder, installed as a run would; the test skips with pip's reason when it cannot be. */
    static LocustInstall locustOrAbort() throws InterruptedException {
        LocustInstall install = new LocustInstall(HOME);
        try {
            install.ensure(QUIET, new ProcessSupervisor());
        } catch (BadInput missing) {
            Assumptions.abort(missing.getMessage());
        }
        return install;
    }

    /** loomcat on virtual threads, listening on the host's own address inside its namespace. */
    static ChildProcess loomcatIn(TestNetwork network, String host, ProcessSupervisor processes, Path log)
            throws java.io.IOException {
        return processes.start("loomcat", network.inside(host, List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), ProcessSupervisor.parentWatchFlag(),
                "-jar", HOME.resolve("servers/loomcat/target/loomcat.jar").toString(), "--mode", "virtual", "--port",
                "0", "--bind", network.address(host))), log);
    }

    /** The base URL loomcat printed once it listened. */
    static String baseOf(ChildProcess loomcat) throws InterruptedException {
        return loomcat.awaitLine(Pattern.compile("listening on (http://\\S+)"), Duration.ofSeconds(30)).group(1);
    }

    /** {@link #WAITING} measured by Locust with these workers, after its warm-up. */
    static HttpMeasurement measure(LocustInstall install, LocustWorkers workers, ProcessSupervisor processes,
                                   URI target, long serverPid, Path work) throws InterruptedException {
        LocustEngine engine = new LocustEngine(new LabLoadEngine(QUIET, false), install, workers, processes, work,
                QUIET);
        try (Watchdog watch = new Watchdog(WatchLimits.of(Profile.QUICK), WatchedJvm.jcmd(null, serverPid, 25),
                work.resolve("watch"), work, java.util.Set.of(), QUIET)) {
            long warmup = engine.warmUp(WAITING, target, watch);
            return engine.measure(WAITING, target, serverPid, warmup, LabLoadEngine.ServerUsageProbe.NONE, watch);
        }
    }
}
