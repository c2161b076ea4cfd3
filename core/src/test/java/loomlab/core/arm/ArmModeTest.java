package loomlab.core.arm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import loomlab.core.assess.AssessArmPlan;
import loomlab.threads.ExecutorMode;
import loomlab.threads.Threads;
import org.junit.jupiter.api.Test;

/** One type names a thread model: an arm's mode, whose kind of threads is read from it and from nothing else. */
class ArmModeTest {
    @Test
    void theThreadsFollowTheTypedMode() {
        assertEquals(Optional.of(Threads.EVENT_LOOP), ServingModel.EVENT_LOOP.threads());
        assertTrue(ServingModel.EVENT_LOOP.onEventLoop() && !ServingModel.EVENT_LOOP.onPlatformThreads());
        assertEquals(Optional.of(Threads.VIRTUAL), ArmMode.of(ExecutorMode.virtual()).threads());
        assertEquals(Optional.of(Threads.VIRTUAL), ArmMode.ofExecutor("virtual:4").threads());
        assertEquals(Optional.of(Threads.PLATFORM), ArmMode.of(ExecutorMode.platform(10)).threads());
        assertEquals(Optional.of(Threads.PLATFORM), ArmMode.ofExecutor("cached").threads(), "a cached pool is platform threads");
        assertEquals(Optional.of(Threads.PLATFORM), ArmMode.FRAMEWORK_POOL.threads(), "the framework's own pool");
        assertTrue(ArmMode.FRAMEWORK_POOL.onPlatformThreads());
        assertEquals(ArmMode.of(ExecutorMode.virtual()), ArmMode.ofExecutor("virtual"));
        assertThrows(IllegalArgumentException.class, () -> ArmMode.ofExecutor("structured"));
    }

    @Test
    void aNamedModeAnswersWithTheThreadsItCarries() {
        ArmMode virtual = ArmMode.named(Threads.VIRTUAL);
        assertTrue(virtual.onVirtualThreads(), "a program's \"virtual\" runs on virtual threads");
        assertFalse(virtual.onPlatformThreads() || virtual.onEventLoop());
        assertEquals("virtual", virtual.toString());
        assertEquals(Optional.empty(), virtual.executor(), "a program's own word is not an executor");
        assertNotEquals(ArmMode.of(ExecutorMode.virtual()), virtual, "nor the executor's mode, though both are virtual");
        assertTrue(ArmMode.named("virtual-offload", Threads.VIRTUAL).onVirtualThreads());
        ArmMode executorStyle = ArmMode.named("executor", Threads.PLATFORM);
        assertTrue(executorStyle.onPlatformThreads() && !executorStyle.onVirtualThreads());
        // Reversed: the same word on other threads is another arm.
        assertNotEquals(ArmMode.named("split", Threads.VIRTUAL), ArmMode.named("split", Threads.PLATFORM));
    }

    @Test
    void aWordThatSpellsThreadsCannotSayOtherThreads() {
        // The lie the vocabulary exists to prevent: a "virtual" arm that answers it ran on platform threads.
        assertEquals("the mode 'virtual' spells virtual threads, not platform", assertThrows(
                IllegalArgumentException.class, () -> ArmMode.named("virtual", Threads.PLATFORM)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> ArmMode.named("platform", Threads.EVENT_LOOP));
        assertThrows(IllegalArgumentException.class, () -> ArmMode.label("virtual"), "a label names no threads");
        assertThrows(NullPointerException.class, () -> ArmMode.named("scope", null));
        assertEquals(ArmMode.named(Threads.VIRTUAL), ArmMode.named("virtual", Threads.VIRTUAL));
    }

    @Test
    void aLabelNamesNoThreadModelAndAnswersNoToEachKind() {
        ArmMode jvm = ArmMode.label("pid 4242");
        assertEquals(Optional.empty(), jvm.threads());
        assertFalse(jvm.onVirtualThreads() || jvm.onPlatformThreads() || jvm.onEventLoop());
        assertEquals("pid 4242", jvm.toString());
    }

    @Test
    void aWordReadsBackOnTheThreadsSpelledBesideIt() {
        ArmMode offload = ArmMode.named("virtual-offload", Threads.VIRTUAL);
        assertEquals(Optional.of("virtual"), offload.threadsSpelled());
        assertEquals(offload, ArmMode.word("virtual-offload", "virtual"));
        assertEquals(ArmMode.label("pid 4242"), ArmMode.word("pid 4242", null));
        assertEquals(Optional.empty(), ArmMode.label("pid 4242").threadsSpelled());
        assertEquals("unknown threads 'green'; choose one of: platform, virtual, event-loop", assertThrows(
                IllegalArgumentException.class, () -> ArmMode.word("scope", "green")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> ArmMode.word("virtual", "platform"));
    }

    @Test
    void carriersGoWithAVirtualArmOnly() {
        ArmKey virtual = ArmKey.of(ServerId.SERVICE, ArmMode.of(ExecutorMode.virtual()));
        assertTrue(new AssessArmPlan(virtual, null, null, new Carriers(4)).key().mode().onVirtualThreads());
        ArmKey pool = ArmKey.of(ServerId.SERVICE, ArmMode.of(ExecutorMode.platform(8)));
        assertThrows(IllegalArgumentException.class, () -> new AssessArmPlan(pool, 8, null, new Carriers(4)));
        assertThrows(IllegalArgumentException.class, () -> new AssessArmPlan(ArmKey.of(ServerId.SERVICE,
                ArmMode.FRAMEWORK_POOL), null, null, new Carriers(4)));
        assertThrows(IllegalArgumentException.class, () -> new AssessArmPlan(ArmKey.of(ServerId.SERVICE,
                ArmMode.label("dumps")), null, null, null), "an assessed arm runs on threads");
    }
}
