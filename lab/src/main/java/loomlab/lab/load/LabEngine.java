package loomlab.lab.load;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.URI;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.OptionalLong;
import java.util.Set;
import loomlab.lab.process.HostTcp;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.load.LoadGenerator;
import loomlab.load.LoadListener;
import loomlab.load.LoadReport;
import loomlab.load.LoadResult;
import loomlab.load.LoadSpec;
import loomlab.load.ProgressLine;

/**
 * The lab's own generator as an engine: the default, the only one with the open model, and what
 * warms every arm up whatever measures it.
 */
final class LabEngine implements Engine {
    @Override
    public String label() {
        return "lab";
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.of(Capability.OPEN_MODEL, Capability.PATH_MIX, Capability.STANDALONE);
    }

    @Override
    public Engine requireInstalled(String path) {
        return this;
    }

    @Override
    public LoadEngine create(PrintStream console, boolean live, ProcessSupervisor processes, Path histogramLog,
                             Path toolDir) {
        return new LabLoadEngine(console, live).recordingHistogramsTo(histogramLog);
    }

    @Override
    public String description() {
        return LabLoadEngine.NAME;
    }

    @Override
    public ClosedModelEngine closedModel(Path dir, PrintStream console, ProcessSupervisor processes) {
        return new LabClosedModel();
    }

    /**
     * Loads the URL with the generator, its progress redrawn on a terminal; a full listen backlog the
     * kernel counted meanwhile on this host is a note on {@code err}, so the table and the JSON keep their
     * shape.
     */
    @Override
    public void load(UrlLoad load, UrlLoad.Output output) throws InterruptedException {
        LoadSpec.Builder builder = LoadSpec.builder(load.url()).connections(load.users()).keepAlive(load.keepAlive())
                .warmup(load.warmup()).timeout(load.timeout()).ioThreads(load.ioThreads());
        if (load.requests() != null) {
            builder.requests(load.requests());
        }
        if (load.duration() != null) {
            builder.duration(load.duration());
        }
        if (load.think() != null) {
            builder.thinkTime(load.think());
        }
        if (load.rate() != null) {
            builder.rate(load.rate());
        }
        if (load.maxInFlight() != null) {
            builder.maxInFlight(load.maxInFlight());
        }
        LoadSpec spec = builder.build();
        PrintStream progress = output.progress();
        LoadListener redrawn = output.live() ? interval -> {
            progress.print("\r\033[K" + ProgressLine.format(interval));
            progress.flush();
        } : LoadListener.NONE;
        OptionalLong overflowsBefore = HostTcp.listenOverflows();
        LoadResult result = LoadGenerator.run(spec, redrawn);
        Long overflows = HostTcp.rise(overflowsBefore, HostTcp.listenOverflows());
        if (output.live()) {
            progress.print("\r\033[K");
            progress.flush();
        }
        output.out().print(load.json() ? LoadJson.render(result, spec) : LoadReport.table(result, spec));
        output.out().flush();
        if (overflows != null && overflows > 0 && onThisHost(load.url())) {
            // A note on the server, not a figure of the load.
            output.err().println("loomlab: note: the kernel dropped " + overflows + " connection(s) at a full listen"
                    + " backlog during this run, warm-up included (TcpExt ListenOverflows on this host): each cost its"
                    + " client a retransmission, about 1 s; the server accepts fewer connections at once than -c"
                    + " opened");
            output.err().flush();
        }
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
}
