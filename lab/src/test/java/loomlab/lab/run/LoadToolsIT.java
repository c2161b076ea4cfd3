package loomlab.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.Pause;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.Warmup;
import loomlab.core.bound.ProcessCpu;
import loomlab.core.arm.HttpArmResult;
import loomlab.lab.load.Engine;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The seeds' load tools driving real loomcat arms; each test skips with a reason when its tool is missing. */
class LoadToolsIT {
    /** Sleeps of 20 ms and 20 connections: both near 1,000 req/s, far below what either tool can send. */
    private static final HttpArmPlan STEADY = HttpArmPlan.forDuration(ServerId.LOOMCAT, ExecutorMode.virtual(),
            new Endpoint.Sleep(20), 20, Duration.ofSeconds(2), new Warmup(Duration.ofMillis(500), new Endpoint.Sleep(20)));
    private static final HttpArmPlan COUNTED = HttpArmPlan.forRequests(ServerId.LOOMCAT, ExecutorMode.virtual(),
            new Endpoint.Sleep(20), 4, 40, Warmup.none(new Endpoint.Hello()));

    @TempDir
    Path out;

    @AfterEach
    void nothingIsLeftRunning() {
        assertEquals(0, ProcessSupervisor.liveCount());
    }

    @Test
    void theLabsGeneratorAndWrkAgreeWithinTenPercentOnASteadyEndpoint() throws Exception {
        HttpArmResult wrk = run(Engine.WRK, STEADY);
        HttpArmResult lab = run(Engine.LAB, STEADY);
        assertEquals("wrk", wrk.engine());
        assertEquals("lab", lab.engine());
        assertTrue(lab.throughputRps() > 500, "lab " + lab.throughputRps() + " req/s, bound 1000");
        double difference = Math.abs(wrk.throughputRps() - lab.throughputRps()) / lab.throughputRps();
        assertTrue(difference <= 0.10, "lab " + lab.throughputRps() + " req/s, wrk " + wrk.throughputRps()
                + " req/s: " + Math.round(difference * 100) + " % apart");
        assertNull(wrk.latencyMs().p999(), "wrk prints no 99.9th percentile");
        assertTrue(wrk.latencyMs().p50() >= 20, "wrk p50 " + wrk.latencyMs().p50());
    }

    @Test
    void wrkStopsAfterTheArmsCount() throws Exception {
        HttpArmResult wrk = run(Engine.WRK, COUNTED);
        assertEquals(40, wrk.requests());
        // 40 requests of 20 ms by 4 users take at least 10 waves of 20 ms; the script's clock, not wrk's limit.
        assertTrue(wrk.elapsedS() >= 0.2 && wrk.elapsedS() < 30, "elapsed " + wrk.elapsedS());
        assertEquals(0, wrk.errors());
    }

    @Test
    void abDrivesARequestCountArm() throws Exception {
        HttpArmResult ab = run(Engine.AB, COUNTED);
        assertEquals("ab", ab.engine());
        assertEquals(40, ab.requests());
        assertTrue(ab.measured().generator().processCpuS() != null, "ab's own CPU is read as the generator's");
        assertEquals(0, ab.errors());
        assertTrue(ab.elapsedS() >= 0.2, "elapsed " + ab.elapsedS());
        assertTrue(ab.latencyMs().p50() >= 20, "p50 " + ab.latencyMs().p50());
    }

    @Test
    void siegeDrivesARequestCountArmWithItsDelay() throws Exception {
        HttpArmResult siege = run(Engine.SIEGE, COUNTED.withLoad(COUNTED.load().withPause(
                Pause.fixed(Duration.ofMillis(100)))));
        assertEquals("siege", siege.engine());
        assertEquals(Pause.Model.UNIFORM_BEFORE_REQUEST, siege.load().pause().model());
        assertTrue(siege.check().bound().cpu() != null && siege.check().bound().cpu().cpuOf(ProcessCpu.GENERATOR) != null,
                "siege's own CPU is read as the generator's");
        assertEquals(40, siege.requests());
        assertEquals(0, siege.errors());
        assertNull(siege.latencyMs().p50(), "siege prints no percentiles");
        assertTrue(siege.latencyMs().mean() >= 20, "mean " + siege.latencyMs().mean());
    }

    private HttpArmResult run(Engine engine, HttpArmPlan plan) throws Exception {
        try {
            engine.requireInstalled();
        } catch (loomlab.core.BadInput missing) {
            Assumptions.abort(missing.getMessage());
        }
        ArmResult result = new HttpArmRunner(engine).run(plan, LabFixture.context(out));
        return assertInstanceOf(HttpArmResult.class, result, result.toString());
    }
}
