package loomlab.cli;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import loomlab.core.BadInput;
import loomlab.lab.load.Engine;
import loomlab.load.DurationText;
import loomlab.threads.ExecutorMode;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Turns command-line text into values, with one-line messages that say what is accepted. */
final class Converters {
    private Converters() {
    }

    static final class Mode implements ITypeConverter<ExecutorMode> {
        @Override
        public ExecutorMode convert(String text) {
            try {
                return ExecutorMode.parse(text);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** One of the lab's engines, by name; made by the lab's factory, which hands it the lab. */
    static final class LoadEngineName implements ITypeConverter<Engine> {
        private final Lab lab;

        LoadEngineName(Lab lab) {
            this.lab = lab;
        }

        @Override
        public Engine convert(String text) {
            try {
                return lab.engines().parse(text);
            } catch (BadInput e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** 10s, 500ms, 2m, or a plain number of seconds; must be positive. */
    static final class PositiveDuration implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String text) {
            Duration value;
            try {
                value = DurationText.parse(text);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("'" + text + "' is not a duration (e.g. 10s, 500ms, 2m)");
            }
            if (value.isNegative() || value.isZero()) {
                throw new TypeConversionException("'" + text + "' must be a positive duration");
            }
            return value;
        }
    }

    /** Like {@link PositiveDuration} but 0 is allowed (no warm-up, no think time). */
    static final class NonNegativeDuration implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String text) {
            if (text.trim().startsWith("-")) {
                throw new TypeConversionException("'" + text + "' must not be negative");
            }
            try {
                return DurationText.parse(text);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("'" + text + "' is not a duration (e.g. 10s, 500ms, 0)");
            }
        }
    }

    static final class HttpUrl implements ITypeConverter<URI> {
        @Override
        public URI convert(String text) {
            try {
                URI uri = new URI(text);
                if (!"http".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null) {
                    throw new TypeConversionException("'" + text + "' is not an http:// URL with a host");
                }
                return uri;
            } catch (URISyntaxException e) {
                throw new TypeConversionException("'" + text + "' is not a valid URL: " + e.getReason());
            }
        }
    }

    static final class PositiveInt implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String text) {
            return (int) PositiveLong.parse(text, Integer.MAX_VALUE);
        }
    }

    /** A process id as jps, pgrep or ps print it. */
    static final class ProcessId implements ITypeConverter<Long> {
        @Override
        public Long convert(String text) {
            try {
                long pid = Long.parseLong(text.trim());
                if (pid > 0) {
                    return pid;
                }
            } catch (NumberFormatException e) {
                // said below, in plain words
            }
            throw new TypeConversionException("'" + text + "' is not a process id (a positive whole number, as jps"
                    + " or pgrep java print)");
        }
    }

    static final class PositiveLong implements ITypeConverter<Long> {
        @Override
        public Long convert(String text) {
            return parse(text, Long.MAX_VALUE);
        }

        static long parse(String text, long max) {
            long value;
            try {
                value = Long.parseLong(text.trim().replace("_", ""));
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + text + "' is not a whole number");
            }
            if (value <= 0 || value > max) {
                throw new TypeConversionException("'" + text + "' must be a whole number from 1 to " + max);
            }
            return value;
        }
    }

    static final class PositiveRate implements ITypeConverter<Double> {
        @Override
        public Double convert(String text) {
            return positive(text, "a number of requests per second");
        }
    }

    /** A positive number of milliseconds, e.g. a latency target: 200, 50.5. */
    static final class PositiveMillis implements ITypeConverter<Double> {
        @Override
        public Double convert(String text) {
            return positive(text, "a number of milliseconds");
        }
    }

    /** A finite number above zero; {@code what} names it in the message, e.g. "a number of milliseconds". */
    private static double positive(String text, String what) {
        double value;
        try {
            value = Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + text + "' is not " + what);
        }
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new TypeConversionException("'" + text + "' must be a positive " + what.replaceFirst("^a ", ""));
        }
        return value;
    }

    /** 0 picks a free port. */
    static final class Port implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String text) {
            int value;
            try {
                value = Integer.parseInt(text.trim());
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + text + "' is not a port number");
            }
            if (value < 0 || value > 65535) {
                throw new TypeConversionException("port " + value + " is outside 0..65535 (0 picks a free port)");
            }
            return value;
        }
    }
}
