package loomlab.core.arm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.Test;

class ArmKeyTest {
    private static final ArmKey QUARKUS = ArmKey.of(ServerId.QUARKUS, ArmMode.of(ExecutorMode.virtual())).withUsers(100)
            .withPool(10);

    @Test
    void theNameRendersTheKeyWithParametersInTheOrderAdded() {
        ArmKey key = QUARKUS.withParam("wait", "wait 1 s").withParam("delay", "delay 50 ms").withJdk(21);
        assertEquals("quarkus virtual, 100 users, pool 10, wait 1 s, delay 50 ms, JDK 21", key.name());
        assertEquals("wait 1 s, delay 50 ms", key.paramsShown());
        assertEquals("virtual, JDK 25", ArmKey.of(ServerId.SERVICE, ArmMode.of(ExecutorMode.virtual())).withJdk(25).name());
    }

    @Test
    void parametersMatchByNameAndValueWhateverTheirOrder() {
        ArmKey waitFirst = QUARKUS.withParam("wait", "wait 1 s").withParam("delay", "delay 50 ms");
        ArmKey delayFirst = QUARKUS.withParam("delay", "delay 50 ms").withParam("wait", "wait 1 s");
        assertEquals(waitFirst, delayFirst);
        assertNotEquals(waitFirst, QUARKUS.withParam("wait", "wait 1 s").withParam("delay", "delay 60 ms"));
        assertEquals(QUARKUS.withParam("wait", "wait 1 s"), waitFirst.withoutParam("delay"));
        assertEquals(Optional.of("delay 50 ms"), waitFirst.param("delay"));
        assertEquals(Optional.empty(), QUARKUS.param("delay"));
    }

    @Test
    void settingAParameterAgainReplacesItsValueInPlace() {
        ArmKey key = QUARKUS.withParam("delay", "delay 50 ms").withParam("wait", "wait 1 s")
                .withParam("delay", "delay 60 ms");
        assertEquals("quarkus virtual, 100 users, pool 10, delay 60 ms, wait 1 s", key.name());
    }

    @Test
    void theModeIsTypedSoNothingParsesItBack() {
        assertEquals(Optional.of(ExecutorMode.platform(10)), ArmMode.of(ExecutorMode.platform(10)).executor());
        assertTrue(ArmMode.of(ExecutorMode.virtual()).onVirtualThreads());
        assertFalse(ArmMode.of(ExecutorMode.platform(10)).onVirtualThreads());
        assertEquals(Optional.empty(), ServingModel.EVENT_LOOP.executor());
        assertEquals(Optional.empty(), ArmMode.named("virtual").executor(), "a program's own word is not an executor");
        assertNotEquals(ArmMode.named("virtual"), ArmMode.of(ExecutorMode.virtual()));
        assertEquals("platform:10", ArmMode.of(ExecutorMode.platform(10)).toString());
        assertEquals("reactive", ServingModel.EVENT_LOOP.toString());
    }

    @Test
    void aResultWithoutAnExecutorSaysSoWhenAskedForOne() {
        ArmResult program = new FailedArm(ArmKey.program("structured"), FailedArm.FAILED, "exited with code 1");
        assertThrows(IllegalStateException.class, program::executorMode);
        ArmResult onPool = new FailedArm(ArmKey.of(ServerId.LOOMCAT, ArmMode.of(ExecutorMode.platform(10))),
                FailedArm.FAILED, "exited with code 1");
        assertEquals(ExecutorMode.platform(10), onPool.executorMode());
    }

    @Test
    void refusesABlankParameterOrNoMode() {
        assertThrows(IllegalArgumentException.class, () -> QUARKUS.withParam("delay", " "));
        assertThrows(IllegalArgumentException.class, () -> QUARKUS.withParam("", "delay 50 ms"));
        assertThrows(NullPointerException.class, () -> ArmKey.of(ServerId.LOOMCAT, null));
        assertThrows(IllegalArgumentException.class, () -> ArmMode.named(" "));
    }
}
