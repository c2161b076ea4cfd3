package loomlab.tasks.fairness;

/**
 * One fairness run: {@code rounds} times, start {@code heavyTasks} heavy tasks, then
 * {@code lightTasks} light ones, and wait for all.
 *
 * @param yieldEvery   additions between yields in {@link HeavyStyle#YIELDING}, ignored otherwise
 * @param offloadThreads platform pool size for {@link HeavyStyle#OFFLOAD}, ignored otherwise
 */
public record FairnessConfig(FairnessMode mode, int heavyTasks, int lightTasks, int rounds,
                             int heavyIterations, int yieldEvery, int offloadThreads) {
    public FairnessConfig {
        if (heavyTasks < 0 || lightTasks < 1 || rounds < 1 || heavyIterations < 1 || yieldEvery < 1 || offloadThreads < 1) {
            throw new IllegalArgumentException("fairness counts out of range");
        }
    }

    public static FairnessConfig seed(FairnessMode mode) {
        return new FairnessConfig(mode, 1_000, 1_000, 5, 1_000, 100, Runtime.getRuntime().availableProcessors());
    }
}
