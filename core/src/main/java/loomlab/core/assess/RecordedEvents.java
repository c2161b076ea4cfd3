package loomlab.core.assess;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The timed events of a service's flight recording that its costs are read from: each garbage
 * collection with its pauses, each method the JIT compiled with how long it took. A recording runs
 * from the service's start to its exit, so its totals add up start-up, every rate the search offered
 * and the stop; a figure that compares arms is read inside one window instead ({@link #in}).
 *
 * @param collections  {@code jdk.GarbageCollection}: its start and its pauses added up ({@code sumOfPauses})
 * @param compilations {@code jdk.Compilation}: its start and its duration
 */
public record RecordedEvents(List<Timed> collections, List<Timed> compilations) {
    public static final RecordedEvents NONE = new RecordedEvents(List.of(), List.of());

    public RecordedEvents {
        collections = List.copyOf(collections);
        compilations = List.copyOf(compilations);
    }

    /** One event: when it started, and the milliseconds it stands for. */
    public record Timed(Instant at, double ms) {
    }

    /** What the recording held inside {@code window}, each event by its start; null for no window. */
    public CapacityStep.Recorded in(CapacityStep.Window window) {
        if (window == null) {
            return null;
        }
        List<Timed> gcs = collections.stream().filter(e -> window.holds(e.at())).toList();
        List<Timed> compiled = compilations.stream().filter(e -> window.holds(e.at())).toList();
        return new CapacityStep.Recorded(gcs.size(), gcs.stream().mapToDouble(Timed::ms).sum(), compiled.size());
    }

    /** The collections' pauses over the whole recording, start-up to exit. */
    public double gcPauseMs() {
        return collections.stream().mapToDouble(Timed::ms).sum();
    }

    /** Both recordings' events together (a command whose script starts more than one JVM). */
    public RecordedEvents plus(RecordedEvents other) {
        List<Timed> gcs = new ArrayList<>(collections);
        gcs.addAll(other.collections);
        List<Timed> compiled = new ArrayList<>(compilations);
        compiled.addAll(other.compilations);
        return new RecordedEvents(gcs, compiled);
    }

    /**
     * Every step with what the recording held inside its window; a step with no window read (or no
     * usage) as it was. Null events (no recording read) leave every step as it was.
     */
    public static List<CapacityStep> inWindows(List<CapacityStep> steps, RecordedEvents events) {
        if (events == null) {
            return steps;
        }
        return steps.stream().map(s -> s.usage() == null || s.usage().window() == null ? s
                : s.withUsage(s.usage().withRecorded(events.in(s.usage().window())))).toList();
    }
}
