package loomlab.core.arm;

import java.util.List;
import loomlab.core.bound.ProcessCpu;

/**
 * What the runner read around an arm for its bound: the least latency of the unloaded server after
 * its warm-up (for a request with no wait of its own), and the CPU every process on the machine
 * spent in the measured window.
 *
 * @param unloadedLatencyS the least of a few requests sent one at a time after the warm-up, or null
 *                         when not measured
 * @param processes        CPU per process over the measured window
 * @param cores            the machine's cores
 */
public record BoundReadings(Double unloadedLatencyS, List<ProcessCpu> processes, int cores) {
    public BoundReadings {
        processes = List.copyOf(processes);
    }

    public static BoundReadings none(int cores) {
        return new BoundReadings(null, List.of(), cores);
    }
}
