package loomlab.lab.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import loomlab.load.ArrivalSchedule;
import loomlab.load.Arrivals;
import loomlab.load.LoadGenerator;
import loomlab.load.LoadListener;
import loomlab.load.LoadSpec;
import loomlab.load.StopWhen;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A step's counts from the generator itself, against a loopback server of the test's own: the requests
 * sent in the window are the schedule's draw there, not the rate times the window, and answers with an
 * error status are answers that served nothing.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SendsInWindowIT {
    private static final Duration WARMUP = Duration.ofMillis(500);
    private static final Duration WINDOW = Duration.ofSeconds(3);
    private static final double RATE = 20;

    /** Answers every request with {@code status} at once. */
    private static HttpServer server(int status, ExecutorService executor) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.setExecutor(executor);
        server.start();
        return server;
    }

    private static WindowCounts run(HttpServer server, Arrivals arrivals) throws InterruptedException {
        WindowCounts answers = new WindowCounts(WINDOW);
        LoadGenerator.run(LoadSpec.builder(URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/"))
                .rate(RATE).arrivals(arrivals).connections(2).warmup(WARMUP).duration(WINDOW).build(), answers,
                StopWhen.NEVER, answers);
        return answers;
    }

    /** A seed whose draw puts at least a quarter more or fewer arrivals in the window than the rate: a count tells. */
    private static long seedFarFromTheMean() {
        for (long seed = 1; ; seed++) {
            ArrivalSchedule schedule = new Arrivals.Poisson(seed).at(RATE);
            double drawn = OpenModelStep.arrivedPerSecond(schedule, WARMUP, WINDOW);
            if (Math.abs(drawn / RATE - 1) >= 0.25) {
                return seed;
            }
        }
    }

    @Test
    void theSendsCountedInTheWindowAreTheSchedulesDrawThereNotTheRate() throws Exception {
        long seed = seedFarFromTheMean();
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            HttpServer server = server(200, executor);
            try {
                WindowCounts answers = run(server, new Arrivals.Poisson(seed));
                double span = answers.spanSeconds();
                assertTrue(Math.abs(span - WINDOW.toNanos() / 1e9) < 0.5, "the window's seconds: " + span);
                double drawn = OpenModelStep.arrivedPerSecond(new Arrivals.Poisson(seed).at(RATE), WARMUP, WINDOW)
                        * WINDOW.toNanos() / 1e9;
                double sent = answers.sentPerSecond() * span;
                // The marks are read up to a publication (20 ms) late at either edge, and the window's last second
                // a few ms late: a send or three at 20 req/s, against the draw's quarter off the rate's 60.
                assertTrue(Math.abs(sent - drawn) <= 3, "sent " + sent + ", the schedule's draw " + drawn);
                assertTrue(Math.abs(sent - RATE * WINDOW.toSeconds()) >= Math.abs(sent - drawn) + 8,
                        "the count is the draw's, not the rate's: sent " + sent + ", draw " + drawn);
                assertEquals(answers.perSecond(), answers.okPerSecond(), 1e-9, "every answer a 200");
            } finally {
                server.stop(0);
            }
        }
    }

    @Test
    void aStepAnsweredEntirelyWith503AnsweredButNothingOk() throws Exception {
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            HttpServer server = server(503, executor);
            try {
                WindowCounts answers = run(server, Arrivals.EVEN);
                assertTrue(answers.perSecond() > RATE / 2, "answered: " + answers.perSecond());
                assertEquals(0.0, answers.okPerSecond(), 1e-9);
            } finally {
                server.stop(0);
            }
        }
    }
}
