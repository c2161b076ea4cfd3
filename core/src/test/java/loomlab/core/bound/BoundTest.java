package loomlab.core.bound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.bound.Pause;
import org.junit.jupiter.api.Test;

class BoundTest {
    private static final List<ProcessCpu> FOUR_SECONDS = List.of(new ProcessCpu(ProcessCpu.SERVER, 3.0),
            new ProcessCpu(ProcessCpu.DATABASE, 0.5), new ProcessCpu(ProcessCpu.GENERATOR, 0.5));

    @Test
    void theCpuTermIsTheRequestsCpuOverTheCores() {
        CpuTerm cpu = CpuTerm.of(FOUR_SECONDS, 200, 2, 150);
        assertEquals(0.02, cpu.cpuPerRequestS(), 1e-12);
        assertEquals(100.0, cpu.rps(), 1e-9);
        assertEquals(150 * 0.02 / 2, cpu.elapsedS(), 1e-12);
        assertEquals(3.0, cpu.cpuOf(ProcessCpu.SERVER));
        assertTrue(!cpu.incomplete());
        assertNull(CpuTerm.of(FOUR_SECONDS, 200, 2, 0).elapsedS(), "a duration arm has no elapsed bound");
    }

    @Test
    void anUnknownProcessIsCountedAsUnknownNotAsZeroCpu() {
        CpuTerm cpu = CpuTerm.of(List.of(new ProcessCpu(ProcessCpu.SERVER, 1.0),
                new ProcessCpu(ProcessCpu.DATABASE, null)), 100, 2, 0);
        assertTrue(cpu.incomplete());
        assertNull(cpu.cpuOf(ProcessCpu.DATABASE));
        assertEquals(0.01, cpu.cpuPerRequestS(), 1e-12);
    }

    @Test
    void withoutCpuOrRequestsThereIsNoCpuTerm() {
        assertNull(CpuTerm.of(List.of(), 100, 2, 0));
        assertNull(CpuTerm.of(FOUR_SECONDS, 0, 2, 0));
        assertNull(CpuTerm.of(List.of(new ProcessCpu(ProcessCpu.SERVER, null)), 100, 2, 0));
    }

    @Test
    void theTighterTermSetsTheBoundAndNamesItsBasis() {
        WaitTerm wait = WaitTerm.of(20, Integer.MAX_VALUE, 0.05, WaitTerm.Source.ENDPOINT_WAIT, Pause.NONE, 0);
        assertEquals(400.0, wait.rps(), 1e-9);
        CpuTerm cheap = CpuTerm.of(List.of(new ProcessCpu(ProcessCpu.SERVER, 0.2)), 2000, 2, 0);
        Bound waitBound = Bound.tighterOf(wait, cheap);
        assertEquals(Bound.Basis.WAIT, waitBound.basis());
        assertEquals(400.0, waitBound.rps(), 1e-9);
        CpuTerm costly = CpuTerm.of(FOUR_SECONDS, 200, 2, 0);
        Bound cpuBound = Bound.tighterOf(wait, costly);
        assertEquals(Bound.Basis.CPU, cpuBound.basis());
        assertEquals(100.0, cpuBound.rps(), 1e-9);
        assertSame(Bound.NONE, Bound.tighterOf(null, null));
        assertEquals(Bound.Basis.CPU, Bound.tighterOf(null, costly).basis());
    }

    @Test
    void forARequestCountTheLongerElapsedSetsTheBound() {
        WaitTerm wait = WaitTerm.of(100, Integer.MAX_VALUE, 0.05, WaitTerm.Source.UNLOADED_LATENCY,
                Pause.fixed(java.time.Duration.ofSeconds(1)), 200);
        assertEquals(1.1, wait.elapsedS(), 1e-9);
        CpuTerm cpu = CpuTerm.of(FOUR_SECONDS, 200, 2, 200);
        Bound bound = Bound.tighterOf(wait, cpu);
        assertEquals(2.0, bound.elapsedS(), 1e-9);
        assertEquals(Bound.Basis.CPU, bound.basis());
    }
}
