package loomlab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import loomlab.core.BadInput;
import loomlab.core.arm.HttpMeasurement;
import loomlab.core.arm.Pause;
import loomlab.core.arm.WeightedRequest;
import loomlab.lab.load.Capability;
import loomlab.lab.load.EngineChoice;
import loomlab.lab.load.LoadJson;
import loomlab.lab.load.locust.LocustArm;
import loomlab.lab.load.locust.LocustEngine;
import loomlab.lab.load.locust.LocustInstall;
import loomlab.lab.load.locust.LocustReport;
import loomlab.lab.load.locust.LocustRun;
import loomlab.lab.process.Folders;
import loomlab.lab.process.HostTcp;
import loomlab.load.DurationText;
import loomlab.load.LoadGenerator;
import loomlab.load.LoadListener;
import loomlab.load.LoadReport;
import loomlab.load.LoadResult;
import loomlab.load.LoadSpec;
import loomlab.load.ProgressLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

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
        EngineChoice engine = engineOptions.choice();
        engine.engine().require(Capability.STANDALONE, "load");
        if (engine.workers() != null) {
            return locust(engine);
        }
        LoadSpec.Builder builder = LoadSpec.builder(url).connections(connections).keepAlive(!noKeepAlive)
                .warmup(warmup).timeout(timeout).ioThreads(ioThreads);
        if (requests != null) {
            builder.requests(requests);
        }
        if (duration != null || requests == null) {
            builder.duration(duration != null ? duration : HelpValues.LOAD_DURATION);
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
        boolean live = lab.interactive();
        LoadListener progress = live ? interval -> {
            System.err.print("\r\033[K" + ProgressLine.format(interval));
            System.err.flush();
        } : LoadListener.NONE;
        OptionalLong overflowsBefore = HostTcp.listenOverflows();
        LoadResult result = LoadGenerator.run(load, progress);
        Long overflows = HostTcp.rise(overflowsBefore, HostTcp.listenOverflows());
        if (live) {
            System.err.print("\r\033[K");
            System.err.flush();
        }
        var out = spec.commandLine().getOut();
        out.print(json ? LoadJson.render(result, load) : LoadReport.table(result, load));
        out.flush();
        if (overflows != null && overflows > 0 && onThisHost(url)) {
            // On stderr, so the table and the JSON keep their shape: a note on the server, not a figure of the load.
            var err = spec.commandLine().getErr();
            err.println("loomlab: note: the kernel dropped " + overflows + " connection(s) at a full listen backlog"
                    + " during this run, warm-up included (TcpExt ListenOverflows on this host): each cost its client"
                    + " a retransmission, about 1 s; the server accepts fewer connections at once than -c opened");
            err.flush();
        }
        return 0;
    }

    /** True when the URL's host is this machine, whose kernel counters then speak of the server. */
    private static boolean onThisHost(URI url) {
        try {
            InetAddress address = InetAddress.getByName(url.getHost());
            return address.isLoopbackAddress() || address.isAnyLocalAddress()
                    || NetworkInterface.getByInetAddress(address) != null;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Locust's master and workers load the URL as closed-model users; the lab's generator warms
     * up first when asked. Options only the lab's generator has are bad input here.
     */
    private int locust(EngineChoice engine) throws InterruptedException, IOException {
        if (rate != null || maxInFlight != null) {
            engine.engine().require(Capability.OPEN_MODEL, rate != null ? "--rate" : "--max-in-flight");
        }
        if (noKeepAlive || ioThreads != 1) {
            throw new BadInput((noKeepAlive ? "--no-keepalive" : "--threads") + " is an option of the lab's generator;"
                    + " Locust's FastHttpUser keeps its connections alive (use --engine lab)");
        }
        var err = spec.commandLine().getErr();
        PrintStream console = new PrintStream(System.err, true, java.nio.charset.StandardCharsets.UTF_8);
        lab.prepare(engine, console);
        long warmupRequests = 0;
        if (!warmup.isZero()) {
            warmupRequests = LoadGenerator.run(LoadSpec.builder(url).connections(connections).duration(warmup)
                    .timeout(timeout).build(), LoadListener.NONE).requests();
        }
        Duration measured = requests == null ? (duration != null ? duration : HelpValues.LOAD_DURATION) : null;
        Pause pause = thinkMillis == null ? Pause.NONE : Pause.fixed(Duration.ofMillis(thinkMillis));
        LocustArm arm = new LocustArm("load", LocustArm.hostOf(url),
                List.of(WeightedRequest.get(LocustArm.pathOf(url))),
                connections, requests == null ? 0 : requests, measured, pause, timeout);
        Path work = Files.createTempDirectory("loomlab-load-locust-");
        LocustRun run = new LocustRun(new LocustInstall(lab.labHome()), engine.workers(), lab.processes(), work, console);
        Duration countLimit = Duration.ofMinutes(10).plus(timeout.multipliedBy(Math.max(1, arm.requests()
                / Math.max(1, connections))));
        HttpMeasurement result = LocustEngine.measurement(run.run(arm, countLimit, LocustRun.Window.NONE), arm,
                engine.workers(), warmupRequests);
        // Kept when the run failed, since the failure names the logs in it.
        Folders.deleteQuietly(work);
        var out = spec.commandLine().getOut();
        out.print(json ? LocustReport.json(result, new LocustReport.Settings(url.toString(), "closed", connections,
                requests, measured == null ? null : DurationText.format(measured),
                thinkMillis == null ? null : thinkMillis / 1000.0, DurationText.format(warmup),
                DurationText.format(timeout))) : LocustReport.table(result, url.toString()));
        out.flush();
        err.flush();
        return 0;
    }
}
