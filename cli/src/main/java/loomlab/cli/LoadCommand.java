package loomlab.cli;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.Callable;
import loomlab.lab.load.Engine;
import loomlab.lab.load.UrlLoad;
import loomlab.load.LoadSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "load", mixinStandardHelpOptions = true, description = {
        "Loads one URL with the lab's generator, or with Locust (--engine locust).",
        "Closed model by default (-c users, each sends when its last answer came; latency from the actual send),",
        "open model with --rate (latency from the intended send time, coordinated-omission corrected)."})
final class LoadCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "URL", converter = Converters.HttpUrl.class, description = "An http:// URL.")
    URI url;

    @Option(names = {"-c", "--connections"}, paramLabel = "USERS", converter = Converters.PositiveInt.class,
            description = "Concurrent users (closed model) or initial connections (open model); default 1.")
    int connections = 1;

    @Option(names = {"-n", "--requests"}, paramLabel = "REQUESTS", converter = Converters.PositiveLong.class,
            description = "Requests to measure in all.")
    Long requests;

    @Option(names = {"-d", "--duration"}, paramLabel = "DURATION", converter = Converters.PositiveDuration.class,
            description = "How long to measure, e.g. 10s, 2m (default ${sys:" + HelpValues.LOAD_DURATION_HELP
                    + "} when -n is not given).")
    Duration duration;

    @Option(names = "--think", paramLabel = "MILLIS", converter = Converters.PositiveLong.class,
            description = "Closed model: pause between a user's answer and its next request.")
    Long thinkMillis;

    @Option(names = "--rate", paramLabel = "RPS", converter = Converters.PositiveRate.class,
            description = "Open model: one global arrival rate in requests per second.")
    Double rate;

    @Option(names = "--max-in-flight", paramLabel = "N", converter = Converters.PositiveInt.class,
            description = "Open model: cap on requests in flight (${sys:" + HelpValues.MAX_IN_FLIGHT
                    + "}); reported when hit.")
    Integer maxInFlight;

    @Option(names = "--no-keepalive", description = "One connection per request (ab without -k).")
    boolean noKeepAlive;

    @Option(names = "--warmup", paramLabel = "DURATION", converter = Converters.NonNegativeDuration.class,
            description = "Load before measuring, excluded from the results (default 0).")
    Duration warmup = Duration.ZERO;

    @Option(names = "--timeout", paramLabel = "DURATION", converter = Converters.PositiveDuration.class,
            description = "Per-request timeout (${sys:" + HelpValues.TIMEOUT + "}).")
    Duration timeout = LoadSpec.DEFAULT_TIMEOUT;

    @Option(names = "--threads", paramLabel = "N", converter = Converters.PositiveInt.class,
            description = "Event-loop threads of the generator (default 1).")
    int ioThreads = 1;

    @Option(names = "--json", description = "Print one JSON object instead of the table.")
    boolean json;

    @Mixin
    EngineOptions engineOptions = new EngineOptions();

    private final Lab lab;

    LoadCommand(Lab lab) {
        this.lab = lab;
    }

    @Override
    public Integer call() throws Exception {
        Engine engine = engineOptions.choice(lab.engines());
        Duration measured = duration != null || requests == null
                ? (duration != null ? duration : HelpValues.LOAD_DURATION) : null;
        lab.load().load(engine, new UrlLoad(url, connections, requests, measured, thinkMillis == null ? null
                        : Duration.ofMillis(thinkMillis), rate, maxInFlight, !noKeepAlive, warmup, timeout, ioThreads,
                        json), spec.commandLine().getOut(), spec.commandLine().getErr());
        return 0;
    }
}
