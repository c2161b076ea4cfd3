package loomlab.core.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmMode;
import loomlab.core.arm.Carriers;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.Test;

/** An assessed arm's thread model is its key's typed mode: one source, never a second field. */
class ThreadsTest {
    @Test
    void theKindFollowsTheTypedMode() {
        assertEquals(Threads.EVENT_LOOP, Threads.of(ServingModel.EVENT_LOOP));
        assertEquals(Threads.VIRTUAL, Threads.of(ArmMode.of(ExecutorMode.virtual())));
        assertEquals(Threads.PLATFORM, Threads.of(ArmMode.of(ExecutorMode.platform(10))));
        assertEquals(Threads.PLATFORM, Threads.of(ArmMode.named("platform")), "the framework's own pool");
    }

    @Test
    void anArmsThreadsAreItsKeysAndCarriersGoWithVirtualThreadsOnly() {
        ArmKey virtual = ArmKey.of(ServerId.SERVICE, ArmMode.of(ExecutorMode.virtual()));
        assertEquals(Threads.VIRTUAL, new AssessArmPlan(virtual, null, null, new Carriers(4)).threads());
        ArmKey pool = ArmKey.of(ServerId.SERVICE, ArmMode.of(ExecutorMode.platform(8)));
        assertEquals(Threads.PLATFORM, new AssessArmPlan(pool, 8, 25, null).onJdk(21).threads());
        assertThrows(IllegalArgumentException.class, () -> new AssessArmPlan(pool, 8, null, new Carriers(4)));
    }
}
