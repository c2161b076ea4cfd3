package loomlab.core.arm;

import java.util.Objects;
import java.util.Optional;
import loomlab.threads.ExecutorMode;

/**
 * The thread model part of an arm's identity, typed: a server's way of serving requests
 * ({@link ServingModel}: a pool, a virtual thread each, an event loop), or the word a program of
 * the lab's own takes for its variant ({@link Named}: {@code platform} threads parked by the
 * thread-limit program, a structured-concurrency style). Code that needs the executor asks
 * {@link #executor()}; nothing parses the spelling back.
 */
public sealed interface ArmMode permits ServingModel, ArmMode.Named {

    /** The executor the arm's requests ran on, when the arm runs on one of the lab's executors. */
    default Optional<ExecutorMode> executor() {
        return Optional.empty();
    }

    /** True when the arm ran its work on virtual threads, as its executor says. */
    default boolean onVirtualThreads() {
        return executor().map(ExecutorMode::isVirtual).orElse(false);
    }

    /** The spelling on the command line and in results.json. */
    @Override
    String toString();

    static ArmMode of(ExecutorMode executor) {
        return ServingModel.of(executor);
    }

    static ArmMode named(String word) {
        return new Named(word);
    }

    /**
     * A mode as results.json spells it, read back as the key held it: a server's arm serves by a
     * {@link ServingModel} where the word is one; a program of the lab's own (no server) names its variant
     * with a word of its own, and so does a server's arm whose word is none (a framework's own pool).
     */
    static ArmMode read(String spelling, boolean ofServer) {
        if (ofServer) {
            try {
                return ServingModel.parse(spelling);
            } catch (IllegalArgumentException aWordOfItsOwn) {
                // not an executor or the event loop: the word the key was built with
            }
        }
        return named(spelling);
    }

    /**
     * A mode that is not one of the lab's executors: a program's own word ({@code platform} for a
     * thread count no pool bounds, {@code structured}), or a framework's own pool of unknown size.
     */
    record Named(String word) implements ArmMode {
        public Named {
            Objects.requireNonNull(word);
            if (word.isBlank()) {
                throw new IllegalArgumentException("a mode needs a word");
            }
        }

        @Override
        public String toString() {
            return word;
        }
    }
}
