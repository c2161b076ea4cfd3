package loomlab.threads;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A constant with one spelling, its {@link #id()}: the word the command line takes and results.json,
 * the tables and the programs' options write; by default its name in lower case, words joined by
 * hyphens ({@code CARRIER_DEADLOCK} is {@code carrier-deadlock}). An enum implements it and leaves
 * reading the word back ({@link #parse}, {@link #find}) and listing the valid words ({@link #choices})
 * to this interface, so that every such enum names its choices in the same one-line error. One whose
 * {@code toString} is its spelling overrides it to return {@link #id()}.
 */
public interface Spelled {
    /** The constant's name, as an enum has it. */
    String name();

    /** The spelling: {@code carrier-deadlock}, {@code p99}. */
    default String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The constant of {@code type} spelled {@code text}; empty for any other word, null included. */
    static <E extends Enum<E> & Spelled> Optional<E> find(Class<E> type, String text) {
        return Arrays.stream(type.getEnumConstants()).filter(c -> c.id().equals(text)).findFirst();
    }

    /**
     * The constant of {@code type} spelled {@code text}, else an {@link IllegalArgumentException} whose one
     * line names the valid choices ({@link #unknown}).
     *
     * @param what what a constant is called in that line: {@code metric}
     */
    static <E extends Enum<E> & Spelled> E parse(Class<E> type, String what, String text) {
        return find(type, text).orElseThrow(() -> new IllegalArgumentException(unknown(type, what, text)));
    }

    /** {@code unknown metric 'rps'; choose from: throughput_rps, p99, elapsed_s, capacity_rps}. */
    static <E extends Enum<E> & Spelled> String unknown(Class<E> type, String what, String text) {
        return "unknown " + what + " '" + text + "'; choose from: " + choices(type);
    }

    /** Every spelling of {@code type}, in the order declared, joined by commas: {@code closed, open}. */
    static <E extends Enum<E> & Spelled> String choices(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(Spelled::id).collect(Collectors.joining(", "));
    }
}
