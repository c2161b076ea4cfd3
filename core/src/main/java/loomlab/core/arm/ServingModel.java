package loomlab.core.arm;

import java.util.Objects;
import java.util.Optional;
import loomlab.threads.ExecutorMode;
import loomlab.threads.Threads;

/**
 * How a server runs its requests: on threads (a pool of platform threads, or a virtual thread
 * each, as an {@link ExecutorMode} says), or as callbacks on an event loop, where no thread waits
 * for a request (the reactive model). Parsed once at the edge; the servers' adapters switch on it.
 */
public sealed interface ServingModel extends ArmMode {
    /** The word for the event loop on the command line ({@code --mode reactive}) and in results. */
    String REACTIVE = "reactive";

    /** A request holds a thread from start to end: what the executor mode decides. */
    record OnThreads(ExecutorMode mode) implements ServingModel {
        public OnThreads {
            Objects.requireNonNull(mode);
        }

        @Override
        public Optional<ExecutorMode> executor() {
            return Optional.of(mode);
        }

        @Override
        public Optional<Threads> threads() {
            return Optional.of(mode.threads());
        }

        @Override
        public String toString() {
            return mode.toString();
        }
    }

    /** Requests are callbacks on a few event-loop threads; a wait holds none of them. */
    record EventLoop() implements ServingModel {
        @Override
        public Optional<Threads> threads() {
            return Optional.of(Threads.EVENT_LOOP);
        }

        @Override
        public String toString() {
            return REACTIVE;
        }
    }

    static ServingModel of(ExecutorMode mode) {
        return new OnThreads(mode);
    }

    ServingModel EVENT_LOOP = new EventLoop();

    /**
     * {@code reactive}, or an executor mode.
     *
     * @throws IllegalArgumentException naming the choices when it is neither
     */
    static ServingModel parse(String text) {
        if (REACTIVE.equals(text)) {
            return EVENT_LOOP;
        }
        try {
            return of(ExecutorMode.parse(text));
        } catch (IllegalArgumentException e) {
            if (text != null && text.contains(":")) {
                throw e; // a known mode with a bad size: the executor's own message says which
            }
            throw new IllegalArgumentException("unknown mode '" + text + "'; choose one of: " + ExecutorMode.CHOICES
                    + ", " + REACTIVE);
        }
    }
}
