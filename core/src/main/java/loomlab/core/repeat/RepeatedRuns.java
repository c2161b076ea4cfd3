package loomlab.core.repeat;

import java.util.Comparator;
import java.util.List;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.AssessArmResult;
import loomlab.core.arm.FairnessArmResult;
import loomlab.core.arm.FairnessRepeats;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.Repeats;
import loomlab.core.arm.Spread;
import loomlab.core.arm.TaskRepeats;
import loomlab.core.arm.TaskThroughputArmResult;
import loomlab.core.assess.AssessRepeats;

/**
 * Folds the runs of an arm that ran several times ({@code --repeat K}) into one result: the median
 * run's figures, with every run's throughput, p99 and elapsed time and their spread beside them.
 */
public final class RepeatedRuns {
    private RepeatedRuns() {
    }

    /**
     * The median run (by throughput for arms that run for a duration, by elapsed time for arms that
     * count requests; the lower middle run when K is even) with the spread of all runs. A run that
     * failed makes the arm fail: its failure is returned, since figures from the other runs alone
     * would hide it. An assessed arm (the reactive experiment's) keeps its median run by capacity, with
     * every run beside it; a task-throughput arm its median run by whole-process time, a fairness arm
     * by its light tasks' summed wait. Arms of other kinds are returned as their first run.
     */
    public static ArmResult combine(List<ArmResult> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no runs to combine");
        }
        for (ArmResult run : runs) {
            if (!run.ran()) {
                return run;
            }
        }
        if (runs.size() > 1 && runs.stream().allMatch(r -> r instanceof AssessArmResult)) {
            return assessed(runs.stream().map(r -> (AssessArmResult) r).toList());
        }
        if (runs.size() > 1 && runs.stream().allMatch(r -> r instanceof FairnessArmResult)) {
            return fairness(runs.stream().map(r -> (FairnessArmResult) r).toList());
        }
        if (runs.size() > 1 && runs.stream().allMatch(r -> r instanceof TaskThroughputArmResult)) {
            return taskThroughput(runs.stream().map(r -> (TaskThroughputArmResult) r).toList());
        }
        if (runs.size() == 1 || !runs.stream().allMatch(r -> r instanceof HttpArmResult)) {
            return runs.getFirst();
        }
        List<HttpArmResult> http = runs.stream().map(r -> (HttpArmResult) r).toList();
        Comparator<HttpArmResult> byHeadline = http.getFirst().countsRequests()
                ? Comparator.comparingDouble(HttpArmResult::elapsedS)
                : Comparator.comparingDouble(HttpArmResult::throughputRps);
        HttpArmResult median = http.stream().sorted(byHeadline).toList().get(Spread.lowerMedianIndex(http.size()));
        Repeats repeats = new Repeats(http.size(),
                Spread.of(http.stream().map(HttpArmResult::throughputRps).toList()),
                Spread.of(http.stream().map(HttpArmResult::goodputRps).toList()),
                spreadOrNull(http.stream().map(r -> r.latencyMs().p99()).toList()),
                Spread.of(http.stream().map(HttpArmResult::elapsedS).toList()));
        return median.withRepeats(repeats);
    }

    /** The median run by capacity (a run with none counts as the lowest), every run kept beside it. */
    private static AssessArmResult assessed(List<AssessArmResult> runs) {
        AssessArmResult median = runs.stream()
                .sorted(Comparator.comparingDouble(r -> r.capacity().rps() == null ? -1 : r.capacity().rps()))
                .toList().get(Spread.lowerMedianIndex(runs.size()));
        return median.withRepeats(new AssessRepeats(runs));
    }

    /** The median run by whole-process time, with every run's time and peak RSS. */
    private static TaskThroughputArmResult taskThroughput(List<TaskThroughputArmResult> runs) {
        TaskThroughputArmResult median = runs.stream().sorted(Comparator.comparingDouble(TaskThroughputArmResult::wallS))
                .toList().get(Spread.lowerMedianIndex(runs.size()));
        return median.withRepeats(new TaskRepeats(runs.size(),
                Spread.of(runs.stream().map(TaskThroughputArmResult::wallS).toList()),
                spreadOrNull(runs.stream().map(TaskThroughputArmResult::peakRssMb).toList())));
    }

    /** The median run by the light tasks' summed wait, with every run's sum and p99. */
    private static FairnessArmResult fairness(List<FairnessArmResult> runs) {
        FairnessArmResult median = runs.stream().sorted(Comparator.comparingDouble(r -> r.lightDelayMs().sum()))
                .toList().get(Spread.lowerMedianIndex(runs.size()));
        return median.withRepeats(new FairnessRepeats(runs.size(),
                Spread.of(runs.stream().map(r -> r.lightDelayMs().sum()).toList()),
                Spread.of(runs.stream().map(r -> r.lightDelayMs().p99()).toList())));
    }

    /** A tool that does not report a figure leaves it out of the spread as well. */
    private static Spread spreadOrNull(List<Double> values) {
        return values.contains(null) ? null : Spread.of(values);
    }
}
