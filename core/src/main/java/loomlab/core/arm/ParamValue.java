package loomlab.core.arm;

import java.util.Objects;
import loomlab.core.Figures;

/**
 * The value of an arm's named parameter, typed, as JMH's {@code BenchmarkParams} holds a benchmark's
 * parameters: two arms are the same arm when their values are equal, and how a value reads is
 * rendered from it only on output ({@link #shown}), so a change to {@link Figures} changes no arm's
 * identity. results.json writes each kind as a JSON value of its own (a word as a string, a count as
 * an integer, a duration as {@code {"ms": N}}) and reads it back whole.
 */
public sealed interface ParamValue permits ParamValue.Named, ParamValue.Count, ParamValue.Duration {

    /**
     * How the parameter reads in an arm's name, given the parameter's name: a word as it is
     * ({@code synchronized}), a count before its name ({@code 1,000,000 tasks}), a duration after it
     * ({@code delay 50 ms}).
     */
    String shown(String name);

    static Named named(String word) {
        return new Named(word);
    }

    static Count count(long count) {
        return new Count(count);
    }

    static Duration millis(long millis) {
        return new Duration(millis);
    }

    /** A case, a style, a workload: a word the experiment chose, compared as the word it is. */
    record Named(String word) implements ParamValue {
        public Named {
            Objects.requireNonNull(word, "a named value needs a word");
            if (word.isBlank()) {
                throw new IllegalArgumentException("a named value needs a word");
            }
        }

        @Override
        public String shown(String name) {
            return word;
        }

        @Override
        public String toString() {
            return word;
        }
    }

    /** How many of something (tasks, carriers, additions per heavy task), named by the parameter. */
    record Count(long count) implements ParamValue {
        public Count {
            if (count < 0) {
                throw new IllegalArgumentException("a count is never negative: " + count);
            }
        }

        /** {@code 1,000,000 tasks}; one of a plural name is singular ({@code 1 carrier}). */
        @Override
        public String shown(String name) {
            String noun = count == 1 && name.endsWith("s") ? name.substring(0, name.length() - 1) : name;
            return Figures.count(count) + " " + noun;
        }
    }

    /** A length of time in whole milliseconds (a downstream delay, a request's wait). */
    record Duration(long millis) implements ParamValue {
        public Duration {
            if (millis < 0) {
                throw new IllegalArgumentException("a duration is never negative: " + millis + " ms");
            }
        }

        @Override
        public String shown(String name) {
            return name + " " + Figures.millis(millis);
        }
    }
}
