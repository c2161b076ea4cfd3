package loomlab.load;

import java.time.Duration;
import java.util.Locale;
import java.util.Set;

/** Command-line words to a {@link LoadSpec}; every mistake is one IllegalArgumentException line. */
final class LoadArguments {

    static final String USAGE = """
            usage: LoadMain URL (-n REQUESTS | -d DURATION) [-c CONNECTIONS] [--rate REQ_PER_S]
                   [--think DURATION] [--warmup DURATION] [--timeout DURATION] [--no-keepalive]
                   [--max-in-flight N] [--io-threads N]
              durations: 500ms, 10s, 2m; --rate > 0 selects the open model (latency from intended send times)""";

    private static final Set<String> VALUED_OPTIONS = Set.of("-c", "--connections", "-n", "--requests", "-d",
            "--duration", "-r", "--rate", "--think", "--warmup", "--timeout", "--max-in-flight", "--io-threads");
    private static final String VALID =
            "-c, -n, -d, --rate, --think, --warmup, --timeout, --no-keepalive, --max-in-flight, --io-threads";

    private LoadArguments() {
    }

    static LoadSpec parse(String... args) {
        String url = null;
        Options options = new Options();
        for (int i = 0; i < args.length; i++) {
            String word = args[i];
            if (!word.startsWith("-")) {
                if (url != null) {
                    throw new IllegalArgumentException("one URL only, got '" + url + "' and '" + word + "'");
                }
                url = word;
                continue;
            }
            if (word.equals("--no-keepalive")) {
                options.keepAlive = false;
                continue;
            }
            if (!VALUED_OPTIONS.contains(word)) {
                throw new IllegalArgumentException("unknown option '" + word + "' (valid: " + VALID + ")");
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(word + " needs a value");
            }
            String value = args[++i];
            switch (word) {
                case "-c", "--connections" -> options.connections = integer(word, value);
                case "-n", "--requests" -> options.requests = positiveLong(word, value);
                case "-d", "--duration" -> options.duration = DurationText.parse(value);
                case "-r", "--rate" -> options.rate = decimal(word, value);
                case "--think" -> options.think = DurationText.parse(value);
                case "--warmup" -> options.warmup = DurationText.parse(value);
                case "--timeout" -> options.timeout = DurationText.parse(value);
                case "--max-in-flight" -> options.maxInFlight = integer(word, value);
                case "--io-threads" -> options.ioThreads = integer(word, value);
                default -> throw new IllegalStateException("option listed as valued but not read: " + word);
            }
        }
        if (url == null) {
            throw new IllegalArgumentException("give the target URL, e.g. http://127.0.0.1:8080/hello");
        }
        LoadSpec.Builder builder = LoadSpec.builder(url).connections(options.connections).requests(options.requests)
                .duration(options.duration).rate(options.rate).thinkTime(options.think).warmup(options.warmup)
                .timeout(options.timeout).keepAlive(options.keepAlive).ioThreads(options.ioThreads);
        if (options.maxInFlight != null) {
            builder.maxInFlight(options.maxInFlight);
        }
        return builder.build();
    }

    private static final class Options {
        int connections = 1;
        long requests;
        Duration duration;
        double rate;
        Duration think = Duration.ZERO;
        Duration warmup = Duration.ZERO;
        Duration timeout = LoadSpec.DEFAULT_TIMEOUT;
        boolean keepAlive = true;
        Integer maxInFlight;
        int ioThreads = 1;
    }

    private static int integer(String option, String value) {
        try {
            return Integer.parseInt(value.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a whole number, got '" + value + "'");
        }
    }

    /** A given -n must be positive: 0 means "no count limit" only when the option is absent. */
    private static long positiveLong(String option, String value) {
        long parsed;
        try {
            parsed = Long.parseLong(value.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a whole number, got '" + value + "'");
        }
        if (parsed < 1) {
            throw new IllegalArgumentException(option + " must be at least 1, got " + parsed);
        }
        return parsed;
    }

    private static double decimal(String option, String value) {
        try {
            return Double.parseDouble(value.toLowerCase(Locale.ROOT).replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a number, got '" + value + "'");
        }
    }
}
