package loomlab.core.breakage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Thread.print's CPU time per thread, by the id the JSON dump gives the same thread. */
class ThreadPrintTest {
    @Test
    void eachJavaThreadsCpuByItsIdAndNoneForTheVmsOwnThreads() {
        String text = """
                2026-11-28 20:26:55
                Full thread dump OpenJDK 64-Bit Server VM (25.0.3+9-LTS mixed mode, sharing):

                "shop-exec-1" #22 [32540] prio=5 os_prio=0 cpu=1.21ms elapsed=3.19s tid=0x00007f0a68363ba0 nid=32540 waiting on condition  [0x00007f0a6ccea000]
                   java.lang.Thread.State: TIMED_WAITING (sleeping)
                \tat java.lang.Thread.sleepNanos0(java.base@25.0.3/Native Method)

                "shop-exec-2" #24 [32542] daemon prio=5 os_prio=0 cpu=47.20ms elapsed=3.06s tid=0x00007f0a1c0022f0 nid=32542 sleeping [0x00007f0a6caea000]
                "GC Thread#0" os_prio=0 cpu=3.11ms elapsed=3.40s tid=0x00007f0a6802c6d0 nid=32416 runnable
                """;
        assertEquals(Map.of("22", 1.21, "24", 47.20), ThreadPrint.cpuMs(text));
        assertEquals(Map.of(), ThreadPrint.cpuMs("no thread dump here"));
    }
}
