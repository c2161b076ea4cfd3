package loomlab.lab.servers;

import java.net.URI;
import java.nio.file.Path;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServerUsage;
import loomlab.lab.jfr.PinningRecording;
import loomlab.lab.process.ChildProcess;
import loomlab.lab.process.ProcStat;

/**
 * A server under test that is up: where it listens, and its process. Closing it stops it.
 *
 * @param recording where its flight recording of pinned virtual threads is written when it stops,
 *                  or null for a server that records none (the downstream service)
 * @param java      the java it runs on
 */
public record RunningServer(ServerId id, String mode, URI baseUrl, ChildProcess process, Path recording,
                            ServerJava java) implements AutoCloseable {

    public URI url(String path) {
        return baseUrl.resolve(path);
    }

    /**
     * What the server used: CPU over the window the caller measured (null when unknown), peak RSS from
     * the operating system, and threads, requests and connection waits from its own /stats; the JVM's
     * peak thread count is preferred to the OS threads the caller saw.
     */
    public ServerUsage usage(Double cpuSeconds, long peakOsThreads) throws InterruptedException {
        return usage(cpuSeconds, peakOsThreads, ServerStats.fetch(baseUrl), ServerStats.UNKNOWN, null);
    }

    /**
     * The same, with the connection waits counted between two readings of /stats (the measured
     * window) rather than over the server's life, and the listen overflows counted over that window.
     */
    public ServerUsage usage(Double cpuSeconds, long peakOsThreads, ServerStats stats, ServerStats atStart,
                             Long listenOverflows) {
        var peakRss = ProcStat.peakRssMb(process.pid());
        Long peakThreads = stats.peakThreads() != null ? stats.peakThreads()
                : peakOsThreads > 0 ? Long.valueOf(peakOsThreads) : null;
        return new ServerUsage(cpuSeconds, peakRss.isPresent() ? peakRss.getAsDouble() : null, peakThreads,
                stats.requestsServed(), ServerStats.waitsBetween(atStart.connectionWait(), stats.connectionWait()), listenOverflows);
    }

    /**
     * Stops the server. One with a flight recording is ended as soon as it says the recording is
     * written ({@link PinningRecording#writtenLine}); the rest of its exit is HotSpot's wait of up to
     * 300 ms for threads blocked in native code.
     */
    @Override
    public void close() {
        if (recording == null) {
            process.close();
        } else {
            process.closeOnceLogged(PinningRecording.writtenLine(recording));
        }
    }
}
