package loomlab.core.finding;

import loomlab.core.arm.ArmKey;

/** Where one curve of a sweep reached its best throughput, against the bound there. */
public record SweepPeak(ArmKey best, String parameter, int value, double throughputRps, Double boundRps)
        implements RunNote {
}
