package loomlab.load;

/** Receives each interval as the run goes, on the generator's reporter thread; must return quickly. */
@FunctionalInterface
public interface LoadListener {

    LoadListener NONE = interval -> { };

    void onInterval(IntervalSnapshot interval);
}
