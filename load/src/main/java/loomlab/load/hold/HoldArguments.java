package loomlab.load.hold;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Command-line words to a {@link HoldSpec}; every mistake is one IllegalArgumentException line naming the option. */
public final class HoldArguments {

    public static final String USAGE = """
            usage: HoldMain --ports P1[,P2...] --connections N [--host H] [--connect-rate R] [--interval-ms T]
                            [--settle-s S] [--hold-s H] [--max-connecting M] [--stop-after-errors E]
              opens N keep-alive connections to a 16-byte echo server (connection i to port P[i % ports]) at R per
              second, sends one message per connection every T ms, holds for H s after the ramp, then prints one
              JSON line; progress lines every 250 ms before it""";

    private static final List<String> OPTIONS = List.of("--host", "--ports", "--connections", "--connect-rate",
            "--interval-ms", "--settle-s", "--hold-s", "--max-connecting", "--stop-after-errors");
    private static final String VALID = String.join(", ", OPTIONS);

    private HoldArguments() {
    }

    public static HoldSpec parse(String... args) {
        HoldSpec.Builder spec = HoldSpec.builder();
        Set<String> given = new HashSet<>();
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (!option.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument '" + option + "' (options: " + VALID + ")");
            }
            if (!OPTIONS.contains(option)) {
                throw new IllegalArgumentException("unknown option '" + option + "' (valid: " + VALID + ")");
            }
            if (!given.add(option)) {
                throw new IllegalArgumentException(option + " is given twice");
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(option + " needs a value: " + expected(option));
            }
            String value = args[++i];
            switch (option) {
                case "--host" -> spec.host(value);
                case "--ports" -> spec.ports(ports(value));
                case "--connections" -> spec.connections(wholeNumber(HoldSpec.CONNECTIONS, value));
                case "--connect-rate" -> spec.connectRate(wholeNumber(HoldSpec.CONNECT_RATE, value));
                case "--interval-ms" -> spec.interval(Duration.ofMillis(wholeNumber(HoldSpec.INTERVAL_MS, value)));
                case "--settle-s" -> spec.settle(Duration.ofSeconds(wholeNumber(HoldSpec.SETTLE_S, value)));
                case "--hold-s" -> spec.hold(Duration.ofSeconds(wholeNumber(HoldSpec.HOLD_S, value)));
                case "--max-connecting" -> spec.maxConnecting(wholeNumber(HoldSpec.MAX_CONNECTING, value));
                case "--stop-after-errors" -> spec.stopAfterErrors(wholeNumber(HoldSpec.STOP_AFTER_ERRORS, value));
                default -> throw new IllegalStateException("option listed as valid but not read: " + option);
            }
        }
        if (!given.contains("--ports")) {
            throw new IllegalArgumentException("--ports is required: " + HoldSpec.PORT.describePorts());
        }
        if (!given.contains("--connections")) {
            throw new IllegalArgumentException("--connections is required: " + HoldSpec.CONNECTIONS.describe());
        }
        return spec.build();
    }

    private static String expected(String option) {
        return switch (option) {
            case "--host" -> "a host name or address";
            case "--ports" -> HoldSpec.PORT.describePorts();
            case "--connections" -> HoldSpec.CONNECTIONS.describe();
            case "--connect-rate" -> HoldSpec.CONNECT_RATE.describe();
            case "--interval-ms" -> HoldSpec.INTERVAL_MS.describe();
            case "--settle-s" -> HoldSpec.SETTLE_S.describe();
            case "--hold-s" -> HoldSpec.HOLD_S.describe();
            case "--max-connecting" -> HoldSpec.MAX_CONNECTING.describe();
            default -> HoldSpec.STOP_AFTER_ERRORS.describe();
        };
    }

    /** Underscores may group digits (1_000_000); a value that is no number gets the same message as one out of range. */
    private static int wholeNumber(HoldSpec.Range range, String value) {
        long parsed;
        try {
            parsed = Long.parseLong(value.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(range.option() + " needs " + range.describe() + ", got '" + value + "'");
        }
        return Math.toIntExact(range.require(parsed));
    }

    private static List<Integer> ports(String value) {
        List<Integer> ports = new ArrayList<>();
        for (String part : value.split(",", -1)) {
            try {
                int port = Integer.parseInt(part.trim());
                if (port < HoldSpec.PORT.min() || port > HoldSpec.PORT.max()) {
                    throw new NumberFormatException();
                }
                ports.add(port);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--ports needs " + HoldSpec.PORT.describePorts() + ", got '" + value + "'");
            }
        }
        return ports;
    }
}
