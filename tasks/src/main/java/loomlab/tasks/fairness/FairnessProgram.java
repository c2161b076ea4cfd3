package loomlab.tasks.fairness;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import loomlab.tasks.TaskProgram;
import loomlab.tasks.cli.Options;
import loomlab.tasks.cli.UsageException;
import loomlab.tasks.json.Json;
import loomlab.tasks.stats.DelaySummary;

/** {@code fairness}: seed 001's noisy-neighbour program and its mitigations, one mode per run. */
public final class FairnessProgram implements TaskProgram {

    @Override
    public String name() {
        return "fairness";
    }

    @Override
    public Set<String> optionNames() {
        return Set.of("mode", "heavy-tasks", "light-tasks", "rounds", "heavy-iterations", "yield-every", "offload-threads");
    }

    @Override
    public String usage() {
        return "[--mode " + FairnessMode.choices().replace(", ", "|") + " (virtual)] [--heavy-tasks 1000] [--light-tasks 1000]"
                + " [--rounds 5] [--heavy-iterations 1000] [--yield-every 100] [--offload-threads <cores>]";
    }

    @Override
    public Json.ObjectBuilder run(Options options) throws InterruptedException {
        FairnessConfig config = parse(options);
        Double platformStartMicros = PlatformThreadStart.medianMicros(PlatformThreadStart.SAMPLES);
        long start = System.nanoTime();
        List<FairnessExperiment.RoundResult> rounds = new FairnessExperiment(config).run();
        double elapsedSeconds = (System.nanoTime() - start) / 1e9;
        return report(config, rounds, elapsedSeconds, platformStartMicros);
    }

    static FairnessConfig parse(Options options) {
        FairnessConfig seed = FairnessConfig.seed(FairnessMode.VIRTUAL);
        FairnessMode mode = options.choice("mode", FairnessMode.VIRTUAL.label(), FairnessMode::parse);
        if (mode == FairnessMode.VIRTUAL_PARALLELISM && CarrierParallelism.requested() == null) {
            throw new UsageException("mode " + mode.label() + " needs -D" + FairnessMode.PARALLELISM_PROPERTY
                    + "=K on the java command line");
        }
        return new FairnessConfig(mode,
                options.integer("heavy-tasks", seed.heavyTasks(), 0),
                options.integer("light-tasks", seed.lightTasks(), 1),
                options.integer("rounds", seed.rounds(), 1),
                options.integer("heavy-iterations", seed.heavyIterations(), 1),
                options.integer("yield-every", seed.yieldEvery(), 1),
                options.integer("offload-threads", seed.offloadThreads(), 1));
    }

    static Json.ObjectBuilder report(FairnessConfig config, List<FairnessExperiment.RoundResult> rounds,
                                     double elapsedSeconds, Double platformStartMicros) {
        long[] allDelays = rounds.stream().flatMapToLong(r -> Arrays.stream(r.lightDelaysNanos())).toArray();
        DelaySummary delays = DelaySummary.of(allDelays);
        List<Double> roundSums = rounds.stream()
                .map(r -> Json.round3(DelaySummary.toMillis(DelaySummary.of(r.lightDelaysNanos()).sumNanos())))
                .toList();
        double heavyDoneMean = rounds.stream().mapToLong(FairnessExperiment.RoundResult::heavyDoneNanos).average().orElse(0);
        long[] heavyTasks = rounds.stream().flatMapToLong(r -> Arrays.stream(r.heavyTaskNanos())).toArray();
        int peakHeavy = rounds.stream().mapToInt(FairnessExperiment.RoundResult::peakHeavyRunning).max().orElse(0);
        long heavyDoneMax = rounds.stream().mapToLong(FairnessExperiment.RoundResult::heavyDoneNanos).max().orElse(0);
        FairnessMode mode = config.mode();
        return Json.object()
                .put("program", "fairness")
                .put("mode", mode.label())
                .put("heavy_threads", mode.heavyThreads().id())
                .put("light_threads", mode.lightThreads().id())
                .put("rounds", config.rounds())
                .put("tasks", config.heavyTasks() + config.lightTasks())
                .put("heavy_tasks", config.heavyTasks())
                .put("light_tasks", config.lightTasks())
                .put("heavy_iterations", config.heavyIterations())
                .put("light_delays_recorded", delays.count())
                .put("light_delay_ms", millis(delays))
                .put("round_light_delay_sum_ms", roundSums)
                .put("heavy_done_ms", Json.round3(heavyDoneMean / 1e6))
                .put("heavy_done_ms_max", Json.round3(DelaySummary.toMillis(heavyDoneMax)))
                .put("heavy_done_aggregate", "heavy_done_ms is the mean over rounds, heavy_done_ms_max the worst round")
                .put("heavy_task_ms", heavyTasks.length == 0 ? null
                        : Json.round3(DelaySummary.toMillis(DelaySummary.of(heavyTasks).p50Nanos())))
                .put("peak_heavy_running", config.heavyTasks() == 0 ? null : peakHeavy)
                .put("platform_start_us", platformStartMicros)
                .put("yield_every", mode.heavyStyle() == HeavyStyle.YIELDING ? config.yieldEvery() : null)
                .put("offload_threads", mode.heavyStyle() == HeavyStyle.OFFLOAD ? config.offloadThreads() : null)
                .put("carrier_parallelism", CarrierParallelism.effective())
                .put("carrier_parallelism_requested", CarrierParallelism.requested())
                .put("available_processors", Runtime.getRuntime().availableProcessors())
                .put("heavy_result", HeavyWork.observed())
                .put("elapsed_s", Json.round3(elapsedSeconds));
    }

    /** The seed's figure (the sum) beside the distribution it hides. */
    private static Json.ObjectBuilder millis(DelaySummary delays) {
        return Json.object()
                .put("sum", Json.round3(DelaySummary.toMillis(delays.sumNanos())))
                .put("p50", Json.round3(DelaySummary.toMillis(delays.p50Nanos())))
                .put("p99", Json.round3(DelaySummary.toMillis(delays.p99Nanos())))
                .put("max", Json.round3(DelaySummary.toMillis(delays.maxNanos())));
    }
}
