package loomlab.lab.load;

import loomlab.core.arm.ErrorCounts;
import loomlab.core.arm.Latency;

/**
 * What a load tool printed about its run, in the lab's terms. Figures the tool does not print
 * are null in {@code latency}.
 *
 * @param requests      whole responses, whatever their status (as the lab's generator counts them)
 * @param elapsedS      the tool's own measured time
 * @param throughputRps the tool's own requests per second
 */
public record ToolFigures(long requests, double elapsedS, double throughputRps, Latency latency, ErrorCounts errors) {
}
