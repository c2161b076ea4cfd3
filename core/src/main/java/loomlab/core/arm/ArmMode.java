package loomlab.core.arm;

import java.util.Objects;
import java.util.Optional;
import loomlab.threads.ExecutorMode;
import loomlab.threads.Threads;

/**
 * The thread model part of an arm's identity, typed: a server's way of serving requests
 * ({@link ServingModel}: a pool, a virtual thread each, an event loop), the word a program of the
 * lab's own takes for its variant together with the threads that variant runs on ({@link Named}:
 * {@code virtual} threads parked by the thread-limit program, a structured-concurrency style), or a
 * word that names an arm and no thread model ({@link Label}: a JVM diagnosed from outside). Code
 * that needs the executor asks {@link #executor()}, code that needs the threads asks
 * {@link #threads()}; nothing parses the spelling back.
 */
public sealed interface ArmMode permits ServingModel, ArmMode.Named, ArmMode.Label {

    /** The executor the arm's requests ran on, when the arm runs on one of the lab's executors. */
    default Optional<ExecutorMode> executor() {
        return Optional.empty();
    }

    /**
     * What the arm's work ran on, as results.json and an assessed command's {@code {threads}} spell it;
     * empty only for a {@link Label}, which names no thread model.
     */
    Optional<Threads> threads();

    /**
     * {@link #threads()} as results.json spells them ({@code platform}, {@code virtual},
     * {@code event-loop}), for the report side, which reads and writes words and no thread model.
     */
    default Optional<String> threadsSpelled() {
        return threads().map(Threads::id);
    }

    /** True when the arm ran its work on virtual threads. */
    default boolean onVirtualThreads() {
        return threads().equals(Optional.of(Threads.VIRTUAL));
    }

    /** True for the event loop, where callbacks run on a few threads and no thread waits for a request. */
    default boolean onEventLoop() {
        return threads().equals(Optional.of(Threads.EVENT_LOOP));
    }

    /** True when the arm's work held platform threads: neither virtual threads nor the event loop. */
    default boolean onPlatformThreads() {
        return threads().equals(Optional.of(Threads.PLATFORM));
    }

    /** An assessed service's own pool of platform threads, of the size its framework gives it. */
    ArmMode FRAMEWORK_POOL = named(Threads.PLATFORM);

    /** The spelling on the command line and in results.json. */
    @Override
    String toString();

    static ArmMode of(ExecutorMode executor) {
        return ServingModel.of(executor);
    }

    /**
     * One of the lab's executors by its command-line spelling ({@code virtual}, {@code cached},
     * {@code per-task}, {@code platform:N}): a program that runs its tasks on the executor it is given.
     *
     * @throws IllegalArgumentException naming the choices when the spelling is no executor's
     */
    static ArmMode ofExecutor(String spelling) {
        return of(ExecutorMode.parse(spelling));
    }

    /** A program's variant that is the thread model itself, spelled as the threads are ({@code virtual}). */
    static ArmMode named(Threads threads) {
        return new Named(threads.id(), threads);
    }

    /** A program's own word for its variant ({@code virtual-offload}, {@code scope}), on the threads it runs on. */
    static ArmMode named(String word, Threads threads) {
        return new Named(word, threads);
    }

    /**
     * A word read back with the threads spelled beside it ({@link #threadsSpelled()}): a {@link Named}
     * mode on those threads, or a {@link Label} when none are.
     *
     * @throws IllegalArgumentException in one line when the threads are no {@link Threads}' spelling, or
     *                                  a word that spells threads is given others
     */
    static ArmMode word(String word, String threadsSpelled) {
        return threadsSpelled == null ? label(word) : named(word, Threads.parse(threadsSpelled));
    }

    /** A word that names an arm and no thread model ({@code pid 4242}). */
    static ArmMode label(String word) {
        return new Label(word);
    }

    /**
     * A mode that is not one of the lab's executors: a program's own word ({@code virtual} for threads
     * no pool bounds, {@code structured}), or a framework's own pool of unknown size, with the threads
     * its work runs on. A word that spells threads ({@code platform}, {@code virtual}) must be those
     * threads, so a "virtual" arm always answers that it ran on virtual threads.
     */
    record Named(String word, Threads runsOn) implements ArmMode {
        public Named {
            requireWord(word);
            Objects.requireNonNull(runsOn, "a named mode needs the threads it runs on");
            Threads.spelledBy(word).filter(spelled -> spelled != runsOn).ifPresent(spelled -> {
                throw new IllegalArgumentException("the mode '" + word + "' spells " + spelled + " threads, not "
                        + runsOn);
            });
        }

        @Override
        public Optional<Threads> threads() {
            return Optional.of(runsOn);
        }

        @Override
        public String toString() {
            return word;
        }
    }

    /**
     * A word that names an arm but no thread model: a JVM diagnosed from outside, whose threads the lab
     * did not choose, or a placeholder for any mode. It answers no to every kind of threads; a word that
     * spells threads is a {@link Named} mode instead.
     */
    record Label(String word) implements ArmMode {
        public Label {
            requireWord(word);
            Threads.spelledBy(word).ifPresent(spelled -> {
                throw new IllegalArgumentException("the word '" + word + "' spells threads: name the mode with them");
            });
        }

        @Override
        public Optional<Threads> threads() {
            return Optional.empty();
        }

        @Override
        public String toString() {
            return word;
        }
    }

    private static void requireWord(String word) {
        Objects.requireNonNull(word);
        if (word.isBlank()) {
            throw new IllegalArgumentException("a mode needs a word");
        }
    }
}
