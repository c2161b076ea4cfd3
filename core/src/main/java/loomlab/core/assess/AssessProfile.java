package loomlab.core.assess;

import java.time.Duration;
import java.util.List;
import loomlab.core.experiment.Profile;

/**
 * How long an assessment measures: the closed-model curve's users and steps, and the capacity
 * search's steps, each after a warm-up of its own.
 *
 * @param curveUsers  the concurrency sweep, ascending
 * @param curveWarmup before each curve step, at the step's users; not measured
 * @param curveStep   each curve step's measured window
 * @param stepWarmup  before each capacity step, at the step's rate; not measured
 * @param stepLength  each capacity step's measured window at least ({@link #stepLength(double)})
 * @param floorRps    the lowest rate the search tries
 * @param capRps      the highest rate the search offers: a bound against a runaway, set far above what one
 *                    machine's generator sends, so that the generator's own measured ceiling ends a search
 *                    ({@link GeneratorCeiling}), not this
 * @param confirmations how many more times the final rate is measured
 * @param maxSteps    a bound on the capacity steps
 * @param longestStep a capacity step's measured window at most (three times {@code stepLength} unless set)
 * @param steady      how each arm is warmed to a steady state before its curve ({@link SteadyRule}), or null
 *                    for no warm-up beyond the curve's and the steps' own
 * @param windows     how many windows each arm gets at the rate that decides between two capacities, offered
 *                    to the arms in turn after their searches ({@link DecidingWindows}); 0 for none
 */
public record AssessProfile(String label, List<Integer> curveUsers, Duration curveWarmup, Duration curveStep,
                            Duration stepWarmup, Duration stepLength, double floorRps, double capRps,
                            int confirmations, int maxSteps, Duration longestStep, SteadyRule steady,
                            int windows) {
    /** Each rate of the ramp is this many times the last. */
    public static final double GROWTH = 2;
    /**
     * The quick and full profiles' top rate: no search of one machine's generator gets near it, since the
     * generator's measured ceiling ({@link GeneratorCeiling}) or its falling behind ends the climb first.
     */
    public static final double RUNAWAY_RPS = 1_000_000;
    /** Bisection ends when the bracket's ends are within 5 % of each other. */
    public static final double PRECISION = 0.05;

    public AssessProfile {
        curveUsers = List.copyOf(curveUsers);
        if (windows < 0) {
            throw new IllegalArgumentException("a number of deciding windows is 0 or more, got " + windows);
        }
        if (longestStep.compareTo(stepLength) < 0) {
            throw new IllegalArgumentException("the longest step (" + longestStep + ") is shorter than a step ("
                    + stepLength + ")");
        }
    }

    /** With no warm-up to a steady state. */
    public AssessProfile(String label, List<Integer> curveUsers, Duration curveWarmup, Duration curveStep,
                         Duration stepWarmup, Duration stepLength, double floorRps, double capRps,
                         int confirmations, int maxSteps, Duration longestStep) {
        this(label, curveUsers, curveWarmup, curveStep, stepWarmup, stepLength, floorRps, capRps, confirmations,
                maxSteps, longestStep, null, 0);
    }

    /** Steps of up to three times {@code stepLength}, as long as a target 20 times over needs. */
    public AssessProfile(String label, List<Integer> curveUsers, Duration curveWarmup, Duration curveStep,
                         Duration stepWarmup, Duration stepLength, double floorRps, double capRps,
                         int confirmations, int maxSteps) {
        this(label, curveUsers, curveWarmup, curveStep, stepWarmup, stepLength, floorRps, capRps, confirmations,
                maxSteps, stepLength.multipliedBy(3));
    }

    /** The same, each arm first warmed to a steady state by {@code rule}. */
    public AssessProfile withSteady(SteadyRule rule) {
        return new AssessProfile(label, curveUsers, curveWarmup, curveStep, stepWarmup, stepLength, floorRps, capRps,
                confirmations, maxSteps, longestStep, rule, windows);
    }

    /** The same, with {@code count} windows per arm at the deciding rate ({@link DecidingWindows}). */
    public AssessProfile withWindows(int count) {
        return new AssessProfile(label, curveUsers, curveWarmup, curveStep, stepWarmup, stepLength, floorRps, capRps,
                confirmations, maxSteps, longestStep, steady, count);
    }

    public static AssessProfile of(Profile profile) {
        return profile.pick(QUICK, FULL);
    }

    /**
     * A first look: each arm warmed until steady, three curve steps and short search steps, then four
     * windows each at the deciding rate: the fewest whose ranges apart make a lead (1 in 35).
     */
    public static final AssessProfile QUICK = new AssessProfile("quick", List.of(1, 16, 64), Duration.ofSeconds(1),
            Duration.ofSeconds(2), Duration.ofSeconds(1), Duration.ofSeconds(3), 1, RUNAWAY_RPS, 1, 14)
            .withSteady(SteadyRule.QUICK).withWindows(4);

    /** The whole sweep, and steps long enough for a steady p99. */
    public static final AssessProfile FULL = new AssessProfile("full", List.of(1, 4, 16, 64, 256),
            Duration.ofSeconds(3), Duration.ofSeconds(10), Duration.ofSeconds(3), Duration.ofSeconds(10), 1, RUNAWAY_RPS,
            1, 20).withSteady(SteadyRule.FULL).withWindows(5);

    /**
     * For the lab's own integration tests only: the shortest run that still exercises every part. Three
     * steps (a ramp and a bisection: a capacity and its bracket, not 5 % precision) of 1 s each,
     * whatever the target: a test asserts what the steps show, not a capacity to 5 %.
     */
    public static final AssessProfile TEST = new AssessProfile("quick", List.of(1, 16), Duration.ofMillis(500),
            Duration.ofSeconds(1), Duration.ofMillis(500), Duration.ofSeconds(1), 1, 20_000, 0, 3,
            Duration.ofSeconds(1));

    /**
     * A capacity step's measured window against a p99 target: long enough that a rate 5 % above the
     * capacity fails within it. Past the capacity, arrivals outrun answers and the queue grows by the
     * excess each second, so a rate a share e too high adds e x T to the latency of the step's last
     * requests; with T at least 20 times the target, 5 % too much adds a whole target. At least the
     * profile's step, at most its longest step (three times the step unless set).
     */
    public Duration stepLength(double sloP99Ms) {
        long wanted = Math.round(sloP99Ms / PRECISION);
        return Duration.ofMillis(Math.clamp(wanted, stepLength.toMillis(), longestStep.toMillis()));
    }

    /**
     * The same at a rate, long enough too for {@link CapacitySearch#MIN_SAMPLES} answers behind the
     * p99 where the profile allows it (at most twice its step); a step that still holds fewer is judged
     * by its slowest request ({@link CapacitySearch#judge}), which errs on the side a user can rely on.
     */
    public Duration stepLength(double sloP99Ms, double rateRps) {
        long forSamples = Math.round(CapacitySearch.MIN_SAMPLES / rateRps * 1000);
        long longest = Math.min(2 * stepLength.toMillis(), longestStep.toMillis());
        return Duration.ofMillis(Math.max(stepLength(sloP99Ms).toMillis(), Math.min(forSamples, longest)));
    }

    /** The same with another bound on the capacity steps. */
    public AssessProfile withMaxSteps(int steps) {
        return new AssessProfile(label, curveUsers, curveWarmup, curveStep, stepWarmup, stepLength, floorRps, capRps,
                confirmations, steps, longestStep, steady, windows);
    }

    /** The search against a p99 target. */
    public SearchSettings search(double sloP99Ms) {
        return new SearchSettings(sloP99Ms, floorRps, capRps, GROWTH, PRECISION, confirmations, maxSteps);
    }

    /** The same, sent by the lab's generator on {@code loops} event loops, whose measured ceiling bounds it. */
    public SearchSettings search(double sloP99Ms, int loops) {
        return search(sloP99Ms).withGeneratorLoops(loops);
    }
}
