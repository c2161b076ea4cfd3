package loomlab.tasks.fairness;

import java.lang.management.ManagementFactory;
import jdk.management.VirtualThreadSchedulerMXBean;

/** How many carrier threads the virtual-thread scheduler uses in this JVM. */
public final class CarrierParallelism {
    private CarrierParallelism() {
    }

    /** The scheduler's own figure (JDK 24+), so a mistyped -D value cannot go unnoticed. */
    public static int effective() {
        return ManagementFactory.getPlatformMXBean(VirtualThreadSchedulerMXBean.class).getParallelism();
    }

    /** The value given with -Djdk.virtualThreadScheduler.parallelism, or null. */
    public static String requested() {
        return System.getProperty(FairnessMode.PARALLELISM_PROPERTY);
    }
}
