package loomlab.core.arm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import loomlab.threads.ExecutorMode;
import loomlab.threads.Threads;
import org.junit.jupiter.api.Test;

class ArmKeyTest {
    private static final ArmKey QUARKUS = ArmKey.of(ServerId.QUARKUS, ArmMode.of(ExecutorMode.virtual())).withUsers(100)
            .withPool(10);

    @Test
    void theNameRendersTheKeyWithParametersInTheOrderAdded() {
        ArmKey key = QUARKUS.withParam("wait", ParamValue.millis(1000)).withParam("delay", ParamValue.millis(50)).withJdk(21);
        assertEquals("quarkus virtual, 100 users, pool 10, wait 1 s, delay 50 ms, JDK 21", key.name());
        assertEquals("wait 1 s, delay 50 ms", key.paramsShown());
        assertEquals("virtual, JDK 25", ArmKey.of(ServerId.SERVICE, ArmMode.of(ExecutorMode.virtual())).withJdk(25).name());
    }

    @Test
    void parametersMatchByNameAndValueWhateverTheirOrder() {
        ArmKey waitFirst = QUARKUS.withParam("wait", ParamValue.millis(1000)).withParam("delay", ParamValue.millis(50));
        ArmKey delayFirst = QUARKUS.withParam("delay", ParamValue.millis(50)).withParam("wait", ParamValue.millis(1000));
        assertEquals(waitFirst, delayFirst);
        assertNotEquals(waitFirst, QUARKUS.withParam("wait", ParamValue.millis(1000)).withParam("delay", ParamValue.millis(60)));
        assertEquals(QUARKUS.withParam("wait", ParamValue.millis(1000)), waitFirst.withoutParam("delay"));
        assertEquals(Optional.of(ParamValue.millis(50)), waitFirst.param("delay"));
        assertTrue(waitFirst.has("delay", ParamValue.millis(50)));
        assertEquals(Optional.empty(), QUARKUS.param("delay"));
    }

    @Test
    void eachKindOfValueReadsAsItsNameSays() {
        assertEquals("synchronized", ParamValue.named("synchronized").shown("case"));
        assertEquals("1,000,000 tasks", ParamValue.count(1_000_000).shown("tasks"));
        assertEquals("1 carrier", ParamValue.count(1).shown("carriers"));
        assertEquals("delay 50 ms", ParamValue.millis(50).shown("delay"));
        assertEquals("wait 2.5 s", ParamValue.millis(2_500).shown("wait"));
    }

    @Test
    void theValueIsTheIdentityAndItsWordsAreNot() {
        // A change to Figures changes how a value reads, never which arm it is: equality is the value's.
        ArmKey tasks = QUARKUS.withParam("tasks", ParamValue.count(1_000_000));
        assertEquals(tasks, QUARKUS.withParam("tasks", ParamValue.count(1_000_000)));
        assertNotEquals(tasks, QUARKUS.withParam("tasks", ParamValue.count(1_000_001)));
        assertNotEquals(tasks, QUARKUS.withParam("tasks", ParamValue.named("1,000,000 tasks")),
                "a word that reads like a count is not the count");
        assertNotEquals(QUARKUS.withParam("delay", ParamValue.millis(1000)),
                QUARKUS.withParam("delay", ParamValue.count(1000)), "a duration is not a count of the same figure");
    }

    @Test
    void settingAParameterAgainReplacesItsValueInPlace() {
        ArmKey key = QUARKUS.withParam("delay", ParamValue.millis(50)).withParam("wait", ParamValue.millis(1000))
                .withParam("delay", ParamValue.millis(60));
        assertEquals("quarkus virtual, 100 users, pool 10, delay 60 ms, wait 1 s", key.name());
    }

    @Test
    void theModeIsTypedSoNothingParsesItBack() {
        assertEquals(Optional.of(ExecutorMode.platform(10)), ArmMode.of(ExecutorMode.platform(10)).executor());
        assertTrue(ArmMode.of(ExecutorMode.virtual()).onVirtualThreads());
        assertFalse(ArmMode.of(ExecutorMode.platform(10)).onVirtualThreads());
        assertEquals(Optional.empty(), ServingModel.EVENT_LOOP.executor());
        assertEquals(Optional.empty(), ArmMode.named(Threads.VIRTUAL).executor(), "a program's own word is not an executor");
        assertNotEquals(ArmMode.named(Threads.VIRTUAL), ArmMode.of(ExecutorMode.virtual()));
        assertEquals("platform:10", ArmMode.of(ExecutorMode.platform(10)).toString());
        assertEquals("reactive", ServingModel.EVENT_LOOP.toString());
    }

    @Test
    void aResultWithoutAnExecutorSaysSoWhenAskedForOne() {
        ArmResult program = new FailedArm(ArmKey.program("structured", Threads.VIRTUAL), FailedArm.Status.FAILED, "exited with code 1");
        assertThrows(IllegalStateException.class, program::executorMode);
        ArmResult onPool = new FailedArm(ArmKey.of(ServerId.LOOMCAT, ArmMode.of(ExecutorMode.platform(10))),
                FailedArm.Status.FAILED, "exited with code 1");
        assertEquals(ExecutorMode.platform(10), onPool.executorMode());
    }

    @Test
    void refusesABlankParameterOrNoMode() {
        assertThrows(IllegalArgumentException.class, () -> QUARKUS.withParam("case", ParamValue.named(" ")));
        assertThrows(IllegalArgumentException.class, () -> QUARKUS.withParam("", ParamValue.millis(50)));
        assertThrows(IllegalArgumentException.class, () -> QUARKUS.withParam("delay", null));
        assertThrows(IllegalArgumentException.class, () -> ParamValue.count(-1));
        assertThrows(NullPointerException.class, () -> ArmKey.of(ServerId.LOOMCAT, null));
        assertThrows(IllegalArgumentException.class, () -> ArmMode.named(" ", Threads.VIRTUAL));
        assertThrows(IllegalArgumentException.class, () -> ArmMode.label(" "));
    }
}
