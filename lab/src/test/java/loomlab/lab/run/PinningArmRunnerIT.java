package loomlab.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import loomlab.core.BadInput;
import loomlab.core.arm.Endpoint.Sleep.Holding;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.LoadShape;
import loomlab.core.arm.PinningArmPlan;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.Warmup;
import loomlab.core.bound.Pause;
import loomlab.core.breakage.Breakage;
import loomlab.core.breakage.Hang;
import loomlab.core.breakage.Outcome;
import loomlab.lab.jdk.JdkSearch;
import loomlab.lab.jdk.Jdks;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.servers.ServerJava;
import loomlab.lab.servers.ServerJdks;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same loomcat jar on a real JDK 21 and on this JDK 25, with two carriers and eight users: the
 * synchronized sleep pins on 21 and not on 25, and the production deadlock hangs 21, is caught with
 * a thread dump and stopped, while 25 completes. JDK 21 is the one the lab finds or installs itself;
 * without it (no network, no python3) the tests skip and say why.
 */
class PinningArmRunnerIT {
    private static final int CARRIERS = 2;
    private static final int USERS = 8;
    private static ServerJdks jdks;

    @TempDir
    Path out;

    private final PinningArmRunner runner = new PinningArmRunner();

    @BeforeAll
    static void findJdk21() throws InterruptedException {
        ServerJava jdk25 = new ServerJava(Path.of(System.getProperty("java.home"), "bin", "java"),
                System.getProperty("java.runtime.version"), Runtime.version().feature(), true);
        try {
            ServerJava jdk21 = ServerJava.chosen(Jdks.standard(JdkSearch.standard(LabFixture.HOME, System.getenv(),
                    Path.of(System.getProperty("user.home"))),
                    new PrintStream(OutputStream.nullOutputStream())).find(21));
            jdks = new ServerJdks(Map.of(21, jdk21, jdk25.feature(), jdk25), Map.of());
        } catch (BadInput e) {
            Assumptions.abort("no JDK 21 to compare with: " + e.getMessage());
        }
    }

    @AfterEach
    void nothingIsLeftRunning() {
        assertEquals(0, ProcessSupervisor.liveCount());
    }

    @Test
    void sleepingInsideSynchronizedPinsOnJdk21AndNotOnJdk25() throws Exception {
        HttpArmResult on21 = run(arm(new Endpoint.Sleep(100, Holding.MONITOR), "synchronized", 21,
                Duration.ofSeconds(2)));
        HttpArmResult on25 = run(arm(new Endpoint.Sleep(100, Holding.MONITOR), "synchronized", 25,
                Duration.ofSeconds(2)));
        assertTrue(on21.server().jdk().startsWith("21."), on21.server().jdk());
        assertTrue(on25.server().jdk().startsWith("25."), on25.server().jdk());

        assertTrue(on21.server().pinnedEvents() > 0, "JDK 21 pins a carrier for every sleep inside synchronized");
        assertTrue(on21.server().pinningSites().stream().anyMatch(s -> s.frame().contains("LockEndpoints")),
                "the site is loomcat's own code: " + on21.server().pinningSites());
        assertTrue(on25.server().pinningSites().stream().noneMatch(s -> s.frame().contains("LockEndpoints")),
                "JEP 491: JDK 25 does not pin there: " + on25.server().pinningSites());
        // 8 users / 100 ms allow 80 req/s, 2 carriers / 100 ms 20 req/s; a generous ratio of the two.
        assertTrue(on25.throughputRps() > 2 * on21.throughputRps(), "JDK 25 " + on25.throughputRps()
                + " req/s, JDK 21 " + on21.throughputRps());
    }

    @Test
    void theDeadlockHangsJdk21IsDumpedAndStoppedAndCompletesOnJdk25() throws Exception {
        long started = System.nanoTime();
        HttpArmResult on21 = run(arm(new Endpoint.Sleep(50, Holding.SHARED_LOCK), "deadlock", 21,
                Duration.ofSeconds(20)));
        double tookS = (System.nanoTime() - started) / 1e9;
        Hang hang = on21.watch().hang();
        assertEquals(Outcome.HUNG, on21.watch().outcome());
        assertTrue(tookS < 18, "the hang was caught within its limit, not after the arm's 20 s: " + tookS + " s");
        Breakage.CarrierDeadlock deadlock = assertInstanceOf(Breakage.CarrierDeadlock.class, hang.classification().primary(),
                "JDK 21: the waiters pin both carriers and the holder never gets one back: " + hang.classification());
        assertEquals(CARRIERS, deadlock.carriers());
        assertEquals(CARRIERS, deadlock.pinnedCarriers());
        assertEquals("java.util.concurrent.locks.ReentrantLock", deadlock.lock());
        assertTrue(deadlock.waiterFrame().startsWith("loomlab.loomcat.LockEndpoints.sharedLockSleep"), deadlock.waiterFrame());
        assertTrue(deadlock.holderFrame().startsWith("loomlab.loomcat.LockEndpoints.sharedLockSleep"), deadlock.holderFrame());
        assertEquals(2, hang.dumps().size());
        hang.dumps().forEach(dump -> assertTrue(Files.isRegularFile(out.resolve(dump)), "kept with the results: " + dump));

        HttpArmResult on25 = run(arm(new Endpoint.Sleep(50, Holding.SHARED_LOCK), "deadlock", 25,
                Duration.ofSeconds(2)));
        assertEquals(Outcome.COMPLETED, on25.watch().outcome());
        assertTrue(on25.requests() > 5, "requests passed one at a time: " + on25.requests());
    }

    private HttpArmResult run(PinningArmPlan plan) throws InterruptedException {
        return assertInstanceOf(HttpArmResult.class, runner.run(plan, LabFixture.context(out).withJdks(jdks)));
    }

    private static PinningArmPlan arm(Endpoint endpoint, String variant, int jdk, Duration measured) {
        LoadShape load = new LoadShape(USERS, 0, measured, Pause.NONE, new Warmup(Duration.ofMillis(500),
                new Endpoint.Hello()));
        HttpArmPlan http = HttpArmPlan.of(ServerId.LOOMCAT, ExecutorMode.virtual(), endpoint, load)
                .withParam(loomlab.core.experiment.Pinning.CASE, loomlab.core.arm.ParamValue.named(variant)).withJdk(jdk);
        return new PinningArmPlan(http, CARRIERS);
    }
}
