package loomlab.core.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class SteadyRuleTest {
    private static final SteadyRule RULE = new SteadyRule(16, Duration.ofSeconds(3), 3, 0.05, 0.05,
            Duration.ofSeconds(30));

    /** A 3 s window with {@code answered} answers, {@code cpuMs} CPU per answer and {@code jitCpuS} of compiling. */
    private static WarmupWindow window(long answered, double cpuMs, Double jitCpuS) {
        return new WarmupWindow(3, answered, answered * cpuMs / 1000, jitCpuS);
    }

    @Test
    void threeWindowsThatAgreeWithAQuietJitAreSteady() {
        SteadyRule.Judgement judged = RULE.judge(List.of(window(100, 40, 2.5), window(600, 10, 0.05),
                window(610, 10.2, 0.1), window(605, 10.1, 0.12)));
        assertTrue(judged.steady(), judged.toString());
        assertEquals(0.04, judged.jitCoreShare(), 1e-9, "0.12 s of compiling in 3 s");
        assertEquals(10.0 / 605, judged.throughputSpread(), 1e-9, "(610 - 600) / 605");
        assertEquals(List.of(), judged.unread());
    }

    @Test
    void aJitStillCompilingIsNotSteadyEvenWhereTheCostsAgree() {
        SteadyRule.Judgement judged = RULE.judge(List.of(window(600, 10, 0.05), window(600, 10, 0.9),
                window(600, 10, 0.05)));
        assertFalse(judged.steady());
        assertEquals(List.of(SteadyRule.Unsettled.JIT), judged.unsettled());
        assertEquals(0.3, judged.jitCoreShare(), 1e-9);
    }

    @Test
    void costsStillFallingAreNotSteadyEvenWithAQuietJit() {
        SteadyRule.Judgement judged = RULE.judge(List.of(window(500, 14, 0.01), window(550, 12, 0.01),
                window(600, 10, 0.01)));
        assertFalse(judged.steady());
        assertEquals(List.of(SteadyRule.Unsettled.THROUGHPUT, SteadyRule.Unsettled.CPU_PER_REQUEST),
                judged.unsettled());
        assertEquals(4.0 / 12, judged.cpuSpread(), 1e-9, "(14 - 10) / 12");
    }

    /**
     * A service that spends little CPU per request (a 50 ms sleep, 0.3 ms of CPU, 190 req/s) sees that figure
     * move by tens of percent with a collection or a tick: 62 % apart here, but 0.04 of a core, within what the
     * rule allows the JIT, so steady. Reversed, a service at 1.5 cores whose CPU per request moves 10 % (0.15 of
     * a core) is not.
     */
    @Test
    void aCpuPerRequestSpreadWithinAShareOfACoreAtTheLoadIsSteady() {
        SteadyRule.Judgement light = RULE.judge(List.of(window(570, 0.30, 0.01), window(575, 0.42, 0.01),
                window(572, 0.26, 0.02)));
        assertTrue(light.steady(), light.toString());
        assertEquals(0.16 / 0.30, light.cpuSpread(), 1e-9, "(0.42 - 0.26) / 0.30: far over 5 %");
        assertEquals(0.16 * 572 / 3 / 1000, SteadyRule.coresApart(List.of(window(570, 0.30, 0.01),
                window(575, 0.42, 0.01), window(572, 0.26, 0.02))), 1e-9);
        SteadyRule.Judgement heavy = RULE.judge(List.of(window(600, 7.5, 0.01), window(600, 8.25, 0.01),
                window(600, 7.6, 0.01)));
        assertEquals(List.of(SteadyRule.Unsettled.CPU_PER_REQUEST), heavy.unsettled());
    }

    @Test
    void onlyTheLastWindowsCount() {
        List<WarmupWindow> settledLate = List.of(window(100, 40, 2.5), window(300, 20, 1.0), window(600, 10, 0.0),
                window(600, 10, 0.0), window(600, 10, 0.0));
        assertTrue(RULE.judge(settledLate).steady());
        assertFalse(RULE.judge(settledLate.subList(0, 4)).steady(), "the early windows are among the last three");
    }

    @Test
    void fewerWindowsThanTheRuleComparesAreNotYetSteady() {
        SteadyRule.Judgement judged = RULE.judge(List.of(window(600, 10, 0.0), window(600, 10, 0.0)));
        assertEquals(List.of(SteadyRule.Unsettled.TOO_FEW_WINDOWS), judged.unsettled());
        assertNull(judged.throughputSpread());
    }

    @Test
    void aFigureNotReadLeavesItsTestOutAndSaysSo() {
        SteadyRule.Judgement judged = RULE.judge(List.of(new WarmupWindow(3, 600, null, null),
                new WarmupWindow(3, 600, null, null), new WarmupWindow(3, 610, null, null)));
        assertTrue(judged.steady(), "throughput alone agreed");
        assertEquals(List.of(SteadyRule.Unread.JIT, SteadyRule.Unread.CPU), judged.unread());
        assertFalse(RULE.judge(List.of(new WarmupWindow(3, 500, null, null), new WarmupWindow(3, 600, null, null),
                new WarmupWindow(3, 610, null, null))).steady(), "throughput alone still moving");
    }

    @Test
    void aWindowWithNoAnswerIsNeverSteady() {
        SteadyRule.Judgement judged = RULE.judge(List.of(window(0, 10, 0.0), window(0, 10, 0.0),
                window(0, 10, 0.0)));
        assertEquals(List.of(SteadyRule.Unsettled.NO_ANSWERS), judged.unsettled());
    }

    @Test
    void aWarmupGoesOnWhileAnotherWindowFitsUnderTheCap() {
        assertTrue(RULE.roomFor(Duration.ofSeconds(27)));
        assertFalse(RULE.roomFor(Duration.ofSeconds(28)));
    }

    @Test
    void aRuleWhoseCapCannotHoldItsWindowsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new SteadyRule(16, Duration.ofSeconds(5), 3, 0.05, 0.05,
                Duration.ofSeconds(14)));
        assertThrows(IllegalArgumentException.class, () -> new SteadyRule(16, Duration.ofSeconds(5), 1, 0.05, 0.05,
                Duration.ofSeconds(14)));
    }

    @Test
    void evidenceAddsUpItsWindows() {
        WarmupEvidence evidence = WarmupEvidence.of(RULE, List.of(window(100, 40, 2.5), window(600, 10, 0.05),
                window(610, 10.2, 0.1), window(605, 10.1, 0.12)));
        assertTrue(evidence.steady());
        assertEquals(12, evidence.seconds(), 1e-9);
        assertEquals(1915, evidence.requests());
        assertEquals(2.77, evidence.jitCpuSeconds(), 1e-9);
        assertNull(WarmupEvidence.of(RULE, List.of(window(100, 40, null), window(600, 10, 0.05),
                window(600, 10, 0.05))).jitCpuSeconds(), "one window unread leaves the sum unknown");
    }
}
