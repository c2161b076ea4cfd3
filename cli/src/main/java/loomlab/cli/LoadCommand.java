package loomlab.cli;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.Callable;
import loomlab.lab.load.LoadJson;
import loomlab.load.LoadGenerator;
import loomlab.load.LoadListener;
import loomlab.load.LoadReport;
import loomlab.load.LoadResult;
import loomlab.load.LoadSpec;
import loomlab.load.ProgressLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "load", mixinStandardHelpOptions = true, description = {
        "Loads a URL: closed model by default (-c users, each sends when its last answer came),",
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
            description = "How long to measure, e.g. 10s, 2m (default 10s when -n is not given).")
    Duration duration;

    @Option(names = "--think", paramLabel = "MILLIS", converter = Converters.PositiveLong.class,
            description = "Closed model: pause between a user's answer and its next request.")
    Long thinkMillis;

    @Option(names = "--rate", paramLabel = "RPS", converter = Converters.PositiveRate.class,
            description = "Open model: one global arrival rate in requests per second.")
    Double rate;

    @Option(names = "--max-in-flight", paramLabel = "N", converter = Converters.PositiveInt.class,
            description = "Open model: cap on requests in flight (default 10000); reported when hit.")
    Integer maxInFlight;

    @Option(names = "--no-keepalive", description = "One connection per request (ab without -k).")
    boolean noKeepAlive;

    @Option(names = "--warmup", paramLabel = "DURATION", converter = Converters.NonNegativeDuration.class,
            description = "Load before measuring, excluded from the results (default 0).")
    Duration warmup = Duration.ZERO;

    @Option(names = "--timeout", paramLabel = "DURATION", converter = Converters.PositiveDuration.class,
            description = "Per-request timeout (default 30s).")
    Duration timeout = LoadSpec.DEFAULT_TIMEOUT;

    @Option(names = "--threads", paramLabel = "N", converter = Converters.PositiveInt.class,
            description = "Event-loop threads of the generator (default 1).")
    int ioThreads = 1;

    @Option(names = "--json", description = "Print one JSON object instead of the table.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        LoadSpec.Builder builder = LoadSpec.builder(url).connections(connections).keepAlive(!noKeepAlive)
                .warmup(warmup).timeout(timeout).ioThreads(ioThreads);
        if (requests != null) {
            builder.requests(requests);
        }
        if (duration != null || requests == null) {
            builder.duration(duration != null ? duration : Duration.ofSeconds(10));
        }
        if (thinkMillis != null) {
            builder.thinkTime(Duration.ofMillis(thinkMillis));
        }
        if (rate != null) {
            builder.rate(rate);
        }
        if (maxInFlight != null) {
            builder.maxInFlight(maxInFlight);
        }
        LoadSpec load = builder.build();
        boolean live = Terminal.isInteractive();
        LoadListener progress = live ? interval -> {
            System.err.print("\r\033[K" + ProgressLine.format(interval));
            System.err.flush();
        } : LoadListener.NONE;
        LoadResult result = LoadGenerator.run(load, progress);
        if (live) {
            System.err.print("\r\033[K");
            System.err.flush();
        }
        var out = spec.commandLine().getOut();
        out.print(json ? LoadJson.render(result, load) : LoadReport.table(result, load));
        out.flush();
        return 0;
    }
}
