package loomlab.load;

/**
 * Told when a run starts and ends, with a live view of it: how a watchdog outside the generator
 * follows every run of an arm (warm-ups and steps alike) without the generator knowing about it.
 */
public interface RunObserver {
    RunObserver NONE = new RunObserver() {
        @Override
        public void started(LiveRun run) {
        }
    };

    /** Before the first request is sent; must return quickly. */
    void started(LiveRun run);

    /** After the run's last request was settled or abandoned. */
    default void ended(LiveRun run) {
    }

    /** Both observers, the first told first. */
    static RunObserver both(RunObserver first, RunObserver second) {
        return new RunObserver() {
            @Override
            public void started(LiveRun run) {
                first.started(run);
                second.started(run);
            }

            @Override
            public void ended(LiveRun run) {
                first.ended(run);
                second.ended(run);
            }
        };
    }
}
