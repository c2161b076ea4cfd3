package loomlab.core.breakage;

import java.util.List;

/** What the watchdog sees in typical cases, as fixed figures for findings' and reports' tests. */
public final class BreakageFixtures {
    private BreakageFixtures() {
    }

    /** JDK 21's deadlock as two dumps showed it: both carriers pinned by lock waiters, the holder unmounted. */
    public static WatchReport deadlockedOnJdk21(String dumpStem) {
        DumpCounts counts = new DumpCounts(2, 2, 2, 5, 2, 8, 20);
        WaitChain chain = new WaitChain(List.of(
                new WaitChain.Link("loomcat-v1", "41", true, true, null, Waiting.LOCK,
                        "loomlab.loomcat.LockEndpoints.sharedLockSleep:66", "java.util.concurrent.locks.ReentrantLock",
                        WaitChain.OwnerFrom.INFERRED),
                new WaitChain.Link("loomcat-v0", "40", true, false, null, Waiting.SLEEPING,
                        "loomlab.loomcat.LockEndpoints.sharedLockSleep:69", null, null)),
                WaitChain.Ending.NEEDS_CARRIER, null, List.of("loomcat-v1", "loomcat-v2"));
        Breakage deadlock = new Breakage.CarrierDeadlock(2, 2, "loomlab.loomcat.LockEndpoints.sharedLockSleep:66",
                "java.util.concurrent.locks.ReentrantLock", "loomcat-v0",
                "loomlab.loomcat.LockEndpoints.sharedLockSleep:69", false, 2, 2.0, chain, counts);
        return new WatchReport(true, Outcome.HUNG, new Hang(4.5, 3.1, 8, 4, deadlock,
                List.of(dumpStem + "-hang-1.threads.json", dumpStem + "-hang-2.threads.json"), null), List.of());
    }

    /** One request to {@code path} that slept 3 s at the user's frame while the rest were answered. */
    public static WatchReport slowCall(String path, String frame, String dumpStem) {
        DumpCounts counts = new DumpCounts(2, 0, 1, 0, 0, 12, 20);
        Breakage slow = new Breakage.SlowCall(frame, Waiting.SLEEPING, "#41", 1, counts);
        return WatchReport.completed(List.of(new Stall(12.5, 3_004, path, slow,
                List.of(dumpStem + "-stall1-1.threads.json", dumpStem + "-stall1-2.threads.json"), null, false)));
    }
}
