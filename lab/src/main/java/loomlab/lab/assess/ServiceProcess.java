package loomlab.lab.assess;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import loomlab.lab.process.ChildDied;
import loomlab.lab.process.ChildProcess;
import loomlab.load.Request;

/**
 * The user's service as one arm runs it: waited for until its ready path answers, its paths tried
 * once while it is idle, its threads sampled while it is measured, and stopped politely, the whole
 * process tree, so its flight recordings are written, then by force.
 */
final class ServiceProcess implements AutoCloseable {
    static final Duration POLL = Duration.ofMillis(250);
    static final Duration POLITE_STOP = Duration.ofSeconds(10);

    private final ChildProcess process;
    private final URI base;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private volatile long peakThreads;
    /** Sampled as the arm runs, so a service that dies keeps the figure its last reading saw. */
    private volatile double peakRssMb;
    private volatile double databasePeakMb;
    private Thread sampler;
    /** The slowest path when each was tried once on the idle service, in milliseconds; null before. */
    private Double aloneMs;
    private final Pattern written;

    ServiceProcess(ChildProcess process, URI base) {
        this(process, base, null);
    }

    /** @param written the line that says its flight recording is written, or null for a service that says none */
    ServiceProcess(ChildProcess process, URI base, Pattern written) {
        this.process = process;
        this.base = base;
        this.written = written;
    }

    URI base() {
        return base;
    }

    long pid() {
        return process.pid();
    }

    void requireAlive() {
        process.requireAlive();
    }

    /** What one request took on the idle service (the slowest path), for a watchdog with no median yet. */
    Double aloneMs() {
        return aloneMs;
    }

    /**
     * Polls {@code path} until it answers 2xx; {@link ChildDied} with the log's tail when the
     * process ends first or the time runs out, saying what the path last answered.
     */
    void awaitReady(String path, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        String last = "no answer";
        while (true) {
            process.requireAlive();
            try {
                int status = get(path, Duration.ofSeconds(5));
                if (status >= 200 && status < 300) {
                    return;
                }
                last = "it answered " + status;
            } catch (IOException e) {
                last = "no answer (" + e.getClass().getSimpleName() + ")";
            }
            if (System.nanoTime() > deadline) {
                throw new ChildDied(process.label() + " was not ready within " + limit.toSeconds() + " s: GET " + path
                        + " never answered 2xx, last " + last + "; last lines of " + process.log() + ":\n"
                        + process.logTail(15).indent(4).stripTrailing());
            }
            Thread.sleep(POLL.toMillis());
        }
    }

    /**
     * Each request of the mix once on the idle service, byte for byte as the generator sends it; one that
     * answers 400 or above fails the assessment with that status, rather than a capacity of zero.
     */
    void tryRequests(List<Request> requests) throws InterruptedException {
        for (Request request : requests) {
            int status;
            long start = System.nanoTime();
            try {
                status = send(request, Duration.ofSeconds(30));
                double tookMs = (System.nanoTime() - start) / 1e6;
                aloneMs = aloneMs == null ? tookMs : Math.max(aloneMs, tookMs);
            } catch (IOException e) {
                process.requireAlive();
                throw new PathRefused(request.method() + " " + request.target(), "no answer (" + e.getMessage() + ")");
            }
            if (status >= 400) {
                throw new PathRefused(request.method() + " " + request.target(), "HTTP " + status);
            }
        }
    }

    /**
     * Sends the request's own bytes on a connection of its own (Connection: close) and reads the status
     * line of the answer: the JDK's client would add headers of its own and refuses some a user may set.
     */
    int send(Request request, Duration timeout) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), (int) Duration.ofSeconds(2).toMillis());
            socket.setSoTimeout((int) timeout.toMillis());
            socket.getOutputStream().write(request.bytes(base.getHost() + ":" + base.getPort(), false));
            socket.getOutputStream().flush();
            InputStream in = socket.getInputStream();
            StringBuilder line = new StringBuilder();
            for (int b; (b = in.read()) >= 0 && b != '\n'; ) {
                line.append((char) b);
            }
            String[] words = line.toString().strip().split(" ");
            if (words.length < 2 || !words[0].startsWith("HTTP/") || !words[1].matches("\\d{3}")) {
                throw new IOException("not an HTTP answer: '" + line.toString().strip() + "'");
            }
            in.transferTo(OutputStream.nullOutputStream());
            return Integer.parseInt(words[1]);
        }
    }

    /**
     * Waits until the service is idle again after a step that overloaded it: a step stopped early
     * leaves requests queued inside the service, which would otherwise be served during the next
     * step and count against it. Lone requests to {@code path} until two in a row take no longer
     * than twice one request alone (plus 10 ms), or {@code limit}.
     *
     * @return true when it settled within the limit
     */
    boolean settle(String path, double aloneMs, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        double quick = Math.max(2 * aloneMs, aloneMs + 10);
        int inARow = 0;
        while (System.nanoTime() < deadline) {
            process.requireAlive();
            long start = System.nanoTime();
            try {
                int status = get(path, limit);
                double tookMs = (System.nanoTime() - start) / 1e6;
                inARow = status < 400 && tookMs <= quick ? inARow + 1 : 0;
            } catch (IOException e) {
                inARow = 0;
                Thread.sleep(POLL.toMillis());
            }
            if (inARow == 2) {
                return true;
            }
        }
        return false;
    }

    private int get(String path, Duration timeout) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path)).timeout(timeout).GET().build();
        return client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    /**
     * Samples the tree's live threads twice a second until {@link #close}, and the memory of the database
     * beside it when there is one ({@code --postgres}), which is the database's and not the service's.
     */
    void sampleUsage(Supplier<OptionalDouble> databaseMemoryMb) {
        sampler = Thread.ofPlatform().daemon(true).name("loomlab-assess-usage").start(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                ProcessTree.threads(process.pid()).ifPresent(t -> peakThreads = Math.max(peakThreads, t));
                ProcessTree.peakRssMb(process.pid()).ifPresent(mb -> peakRssMb = Math.max(peakRssMb, mb));
                if (databaseMemoryMb != null) {
                    databaseMemoryMb.get().ifPresent(mb -> databasePeakMb = Math.max(databasePeakMb, mb));
                }
                try {
                    Thread.sleep(500);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
    }

    /**
     * The processes' peak resident memory: a last reading now (VmHWM is a peak since each process
     * started), or, when they are gone, the highest the sampler saw; null when none could be read.
     */
    Double peakRssMb() {
        ProcessTree.peakRssMb(process.pid()).ifPresent(mb -> peakRssMb = Math.max(peakRssMb, mb));
        return peakRssMb > 0 ? peakRssMb : null;
    }

    /** The database's highest memory the sampler saw while the service ran, or null without one or unread. */
    Double databasePeakMb() {
        return databasePeakMb > 0 ? databasePeakMb : null;
    }

    /** The most live threads seen at once, or null when none could be read. */
    Long peakThreads() {
        return peakThreads > 0 ? peakThreads : null;
    }

    /**
     * Stops the whole tree: SIGTERM to every process (a script that started a JVM need not pass it
     * on), up to {@link #POLITE_STOP} for them to write their recordings and exit, then SIGKILL. A
     * service that says when its recording is written (the lab's own) is ended there.
     */
    @Override
    public void close() {
        if (sampler != null) {
            sampler.interrupt();
        }
        client.close();
        if (written != null) {
            process.closeOnceLogged(written); // the lab's own server: one JVM, ended once its recording is written
            return;
        }
        List<ProcessHandle> tree = ProcessTree.pids(process.pid()).stream().map(ProcessHandle::of)
                .flatMap(Optional::stream).toList();
        tree.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + POLITE_STOP.toNanos();
        for (ProcessHandle handle : tree) {
            long left = deadline - System.nanoTime();
            try {
                handle.onExit().get(Math.max(left, 0), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // stop at once, then let the caller see the interruption
                handle.destroyForcibly();
            } catch (ExecutionException | TimeoutException notYet) {
                handle.destroyForcibly();
            }
        }
        ChildProcess.removeAttachSockets(tree);
        process.close();
    }

    /** A path the idle service refused: the assessment stops with it. */
    static final class PathRefused extends RuntimeException {
        PathRefused(String request, String answer) {
            super(request + " answered " + answer + " while the service was idle; a request must be answered 2xx or 3xx"
                    + " before it can be loaded", null, false, false);
        }
    }
}
