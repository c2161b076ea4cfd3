package loomlab.core.assess;

import loomlab.core.arm.ArmMode;
import loomlab.core.arm.ServingModel;

/**
 * The thread model an assessed service runs its requests on in one arm; {@code {threads}} in a command
 * (platform or virtual: a user's command is switched between those two; the event loop is the reactive
 * experiment's WebFlux arm).
 */
public enum Threads {
    /** The framework's pool of platform threads (its own size, or {@code --pool}). */
    PLATFORM("platform"),
    /** A virtual thread per request. */
    VIRTUAL("virtual"),
    /** Callbacks on a few event-loop threads (a reactive framework's): no thread waits for a request. */
    EVENT_LOOP("event-loop");

    private final String word;

    Threads(String word) {
        this.word = word;
    }

    /**
     * The kind of an arm's typed mode: the event loop, virtual threads, or else a platform pool (of
     * a size the lab set, or the framework's own: {@code platform}).
     */
    public static Threads of(ArmMode mode) {
        if (mode instanceof ServingModel.EventLoop) {
            return EVENT_LOOP;
        }
        return mode.onVirtualThreads() ? VIRTUAL : PLATFORM;
    }

    /** As it goes into a command and into results.json. */
    public String word() {
        return word;
    }
}
