package loomlab.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import loomlab.core.arm.NoisyServerArmPlan;
import loomlab.core.arm.NoisyServerArmResult;
import loomlab.core.arm.ServerId;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** /hello beside /cpu on a real loomcat over loopback: small, short, counts only. */
class NoisyServerArmRunnerIT {
    private static final double HELLO_RATE = 50;
    private static final Duration MEASURED = Duration.ofSeconds(2);

    @TempDir
    Path out;

    @AfterEach
    void nothingIsLeftRunning() {
        assertEquals(0, ProcessSupervisor.liveCount());
    }

    @ParameterizedTest
    @ValueSource(strings = {"platform:4", "virtual"})
    void measuresHelloAtItsRateWhileCpuRequestsComplete(String mode) throws Exception {
        NoisyServerArmPlan plan = new NoisyServerArmPlan(ServerId.LOOMCAT, ExecutorMode.parse(mode), 2,
                200_000, HELLO_RATE, Duration.ofMillis(500), MEASURED, null, null);
        NoisyServerArmResult result = assertInstanceOf(NoisyServerArmResult.class,
                new NoisyServerArmRunner().run(plan, LabFixture.context(out)));
        assertEquals(plan.mode(), result.mode());
        assertEquals(mode, result.mode().toString());
        assertEquals(0, result.helloErrors());
        assertEquals(0, result.cpuErrors());
        double scheduled = HELLO_RATE * MEASURED.toMillis() / 1000.0;
        assertTrue(result.helloRequests() >= scheduled / 2 && result.helloRequests() <= scheduled + 1,
                "about " + scheduled + " /hello answers, got " + result.helloRequests());
        assertTrue(result.cpuRequests() >= 2, "both /cpu users completed requests: " + result.cpuRequests());
        assertTrue(result.watch().watched(), "the watchdog followed /hello");
        assertEquals(loomlab.core.breakage.Outcome.COMPLETED, result.watch().outcome());
        assertTrue(result.helloLatencyMs().p99() >= result.helloLatencyMs().p50());
        assertNotNull(result.serverProcess().requestsServed());
        assertTrue(result.serverProcess().requestsServed() >= result.helloRequests() + result.cpuRequests(),
                "the server counted warm-up and measured requests: " + result.serverProcess());
    }
}
