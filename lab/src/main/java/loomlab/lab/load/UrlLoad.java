package loomlab.lab.load;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import loomlab.lab.process.ProcessSupervisor;

/**
 * {@code loomlab load}: one URL loaded on its own, as its options asked, each checked.
 *
 * @param users       concurrent users (closed model) or initial connections (open model)
 * @param requests    requests to measure in all, or null
 * @param duration    how long to measure, or null when it counts {@code requests} alone
 * @param think       a closed-model user's pause after each answer, or null
 * @param rate        the open model's arrivals per second, or null for the closed model
 * @param maxInFlight the open model's cap on requests in flight, or null for the default
 * @param keepAlive   false for one connection per request
 * @param warmup      load before measuring, excluded from the figures; zero for none
 * @param ioThreads   the lab's generator's event-loop threads
 * @param json        one JSON object instead of the table
 */
public record UrlLoad(URI url, int users, Long requests, Duration duration, Duration think, Double rate,
                      Integer maxInFlight, boolean keepAlive, Duration warmup, Duration timeout, int ioThreads,
                      boolean json) {
    public boolean openModel() {
        return rate != null;
    }

    /**
     * Where a load's output goes: its figures on {@code out}, a note about them on {@code err}, and what
     * happens meanwhile (progress, installs, the engine's commands) on {@code progress}, redrawn in place
     * when {@code live}; its child processes supervised by {@code processes}, its files in {@code temporary}.
     */
    public record Output(PrintWriter out, PrintWriter err, PrintStream progress, boolean live,
                         ProcessSupervisor processes, Path temporaryFolder) {
    }
}
