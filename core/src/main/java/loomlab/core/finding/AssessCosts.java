package loomlab.core.finding;

import loomlab.core.arm.ArmKey;
import loomlab.core.assess.ServiceCosts;

/**
 * What each thread model cost the assessed service on one JDK: memory, threads, CPU per request, GC
 * pauses. Peaks are over each arm, whose search drove it to its own highest rate, which is given.
 *
 * @param platformTopRps the highest rate offered to the platform arm, 0 when none was
 * @param virtualTopRps  the same for the virtual arm
 */
public record AssessCosts(ArmKey platform, ServiceCosts platformCosts, double platformTopRps, ArmKey virtual,
                          ServiceCosts virtualCosts, double virtualTopRps) implements Finding {
}
