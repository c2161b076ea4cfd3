package loomlab.threads;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What an arm's work ran on, in the lab's one vocabulary: platform threads, virtual threads, or an
 * event loop, where callbacks run on a few threads and no thread waits for a request. Every thread
 * model the lab names (an executor, a program's variant, a framework's pool) says which of these it
 * is; the spelling is the one results.json and the command lines use.
 */
public enum Threads implements Spelled {
    /** {@code platform}. */
    PLATFORM,
    /** {@code virtual}. */
    VIRTUAL,
    /** {@code event-loop}. */
    EVENT_LOOP;

    /**
     * The threads a word spells.
     *
     * @throws IllegalArgumentException in one line naming the valid words when it spells none
     */
    public static Threads parse(String text) {
        return parse(text, EnumSet.allOf(Threads.class));
    }

    /**
     * The threads a word spells, among those a program accepts (a program that starts threads has no
     * event loop, say).
     *
     * @throws IllegalArgumentException in one line naming the accepted words when it spells none of them
     */
    public static Threads parse(String text, Set<Threads> accepted) {
        return spelledBy(text).filter(accepted::contains).orElseThrow(() -> new IllegalArgumentException(
                "unknown threads '" + text + "'; choose one of: " + choices(accepted)));
    }

    /** The threads a word spells exactly, if it spells one. */
    public static Optional<Threads> spelledBy(String word) {
        return Spelled.find(Threads.class, word);
    }

    /** The accepted words, in order, for an error message or a usage line. */
    public static String choices(Set<Threads> accepted) {
        return Arrays.stream(values()).filter(accepted::contains).map(Threads::id)
                .collect(Collectors.joining(", "));
    }

    /** The threads a running thread is: virtual or platform (an event loop runs on platform threads). */
    public static Threads of(Thread thread) {
        return thread.isVirtual() ? VIRTUAL : PLATFORM;
    }

    @Override
    public String toString() {
        return id();
    }
}
