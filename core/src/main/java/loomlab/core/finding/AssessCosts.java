package loomlab.core.finding;

import loomlab.core.arm.ArmKey;
import loomlab.core.assess.ServiceCosts;

/** What each thread model cost the assessed service on one JDK: memory, threads, CPU per request, GC pauses. */
public record AssessCosts(ArmKey platform, ServiceCosts platformCosts, ArmKey virtual, ServiceCosts virtualCosts)
        implements Finding {
}
