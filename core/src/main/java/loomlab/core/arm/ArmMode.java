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

    /** True for the event loop, where callbacks run on a few threads and no thread waits for a request. */
    default boolean onEventLoop() {
        return false;
    }

    /** True when the arm's work held platform threads: neither virtual threads nor the event loop. */
    default boolean onPlatformThreads() {
        return !onVirtualThreads() && !onEventLoop();
    }

    /**
     * The threads the arm's work ran on in one word, as results.json's {@code threads} and an assessed
     * command's {@code {threads}} spell them: {@code virtual}, {@code event-loop}, or {@code platform}.
     */
    default String threads() {
        return onEventLoop() ? EVENT_LOOP_THREADS : onVirtualThreads() ? VIRTUAL_THREADS : PLATFORM_THREADS;
    }

    /** {@link #threads()}'s words. */
    String PLATFORM_THREADS = "platform";
    String VIRTUAL_THREADS = "virtual";
    String EVENT_LOOP_THREADS = "event-loop";

    /** An assessed service's own pool of platform threads, of the size its framework gives it. */
    ArmMode FRAMEWORK_POOL = new Named(PLATFORM_THREADS);

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

    static ArmMode named(String word) {
        return new Named(word);
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
