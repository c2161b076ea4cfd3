package loomlab.core.arm;

import loomlab.core.bound.Bound;
import loomlab.core.breakage.Hang;

/**
 * Something about an arm's figures a reader must know before trusting them. The core raises
 * flags from the figures; the report side words them.
 */
public sealed interface ArmFlag {
    /** Efficiency above this is a measurement problem, not a win: the bound's inputs did not hold. */
    double ABOVE_BOUND = 1.02;
    /**
     * Efficiency above this prints as 101 % or more: flagged whatever the cause, since no arm beats
     * its bound; up to {@link #ABOVE_BOUND} the flag says the excess is within the bound's noise.
     */
    double SHOWN_ABOVE_BOUND = 1.005;

    /**
     * True when the arm's figures partly measure something other than the server's thread model (the
     * generator, the kernel, a hang's cut-off, a reading past its bound), so that no lead may rest on
     * them unsaid. Errors do not: goodput already counts only what succeeded; nor does a missing bound.
     */
    default boolean taintsFigures() {
        return true;
    }

    /** Requests failed; efficiency counts the successful ones only. */
    record Errors(ErrorCounts errors, long successful) implements ArmFlag {
        @Override
        public boolean taintsFigures() {
            return false;
        }
    }

    /** The arm's efficiency printed above 100 %: within its bound's noise, or past it (a measurement problem). */
    record AboveBound(double efficiency, Bound.Basis basis) implements ArmFlag {
        /** At most 2 % above: the measured inputs of the bound (a wait, a CPU reading) carry that much noise. */
        public boolean withinNoise() {
            return efficiency <= ABOVE_BOUND;
        }

        @Override
        public boolean taintsFigures() {
            return !withinNoise();
        }
    }

    /** The generator's own CPU was near saturation: the figures may describe it, not the server. */
    record GeneratorSaturated(Double utilisation) implements ArmFlag {
    }

    /**
     * The connections client fell behind its own schedule: its worst send went out this late, more
     * than a tenth of the message interval, so the round trips partly describe the client.
     */
    record ClientBehind(double maxSendLagMs, int intervalMs) implements ArmFlag {
    }

    /**
     * The connections server's RSS with every connection open read no higher than its idle RSS: no
     * connection lowers memory, so the reading failed (a collection or an uncommit between the two),
     * and the memory per connection is unknown rather than 0.
     */
    record RssNotAboveIdle(double rssMb, double idleRssMb) implements ArmFlag {
    }

    /** Open model: requests went out later than their intended send time. */
    record LateSends(long count) implements ArmFlag {
    }

    /**
     * The kernel dropped connections at a full listen backlog while the arm was measured: each cost
     * its client a retransmission (about a second for a SYN), time no thread model causes.
     */
    record BacklogOverflowed(long overflows) implements ArmFlag {
    }

    /**
     * The server stopped answering with requests outstanding and was stopped: its figures end at the
     * hang, and its pinned-event count is no measure (JFR writes the event when a pin ends).
     */
    record Hung(Hang hang) implements ArmFlag {
    }

    /** No sound bound could be set, so no efficiency is published. */
    record NoBound(Reason reason) implements ArmFlag {
        @Override
        public boolean taintsFigures() {
            return false;
        }

        public enum Reason {
            /** Every request failed. */
            NO_SUCCESSFUL_REQUEST,
            /** The request has no wait of its own, its unloaded latency was not measured, and no CPU was read. */
            NO_WAIT_AND_NO_CPU
        }
    }
}
