package loomlab.core.arm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import loomlab.core.assess.AssessArmPlan;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.Test;

/** One type names a thread model: an arm's mode, whose kind of threads is read from it and from nothing else. */
class ArmModeTest {
    @Test
    void theThreadsFollowTheTypedMode() {
        assertEquals("event-loop", ServingModel.EVENT_LOOP.threads());
        assertTrue(ServingModel.EVENT_LOOP.onEventLoop() && !ServingModel.EVENT_LOOP.onPlatformThreads());
        assertEquals("virtual", ArmMode.of(ExecutorMode.virtual()).threads());
        assertEquals("virtual", ArmMode.ofExecutor("virtual:4").threads());
        assertEquals("platform", ArmMode.of(ExecutorMode.platform(10)).threads());
        assertEquals("platform", ArmMode.ofExecutor("cached").threads(), "a cached pool is platform threads");
        assertEquals("platform", ArmMode.FRAMEWORK_POOL.threads(), "the framework's own pool");
        assertTrue(ArmMode.FRAMEWORK_POOL.onPlatformThreads());
        // Reversed: a program's word that spells an executor names no executor, and so no virtual threads.
        assertFalse(ArmMode.named("virtual").onVirtualThreads());
        assertEquals(ArmMode.of(ExecutorMode.virtual()), ArmMode.ofExecutor("virtual"));
        assertThrows(IllegalArgumentException.class, () -> ArmMode.ofExecutor("structured"));
    }

    @Test
    void carriersGoWithAVirtualArmOnly() {
        ArmKey virtual = ArmKey.of(ServerId.SERVICE, ArmMode.of(ExecutorMode.virtual()));
        assertTrue(new AssessArmPlan(virtual, null, null, new Carriers(4)).key().mode().onVirtualThreads());
        ArmKey pool = ArmKey.of(ServerId.SERVICE, ArmMode.of(ExecutorMode.platform(8)));
        assertThrows(IllegalArgumentException.class, () -> new AssessArmPlan(pool, 8, null, new Carriers(4)));
        assertThrows(IllegalArgumentException.class, () -> new AssessArmPlan(ArmKey.of(ServerId.SERVICE,
                ArmMode.FRAMEWORK_POOL), null, null, new Carriers(4)));
    }
}
