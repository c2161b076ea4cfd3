package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.lab.database.ThrowawayPostgres;
import loomlab.lab.jdk.JdkSearch;
import loomlab.lab.jdk.Jdks;
import loomlab.lab.process.ChildProcess;
import loomlab.lab.process.JavaLauncher;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.report.Json;
import loomlab.lab.servers.DatabaseBinding;
import loomlab.lab.servers.RunningServer;
import loomlab.lab.servers.ServerJava;
import loomlab.lab.servers.ServerOptions;
import loomlab.lab.servers.Servers;
import loomlab.threads.ExecutorMode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * No false alarm on a healthy server (issue 49): {@code loomlab diagnose --pid} exits 0 against each real
 * server of the lab (Spring MVC on Tomcat, WebFlux on Netty, Quarkus on Vert.x) and an embedded Jetty 12, on
 * JDK 21 and JDK 25, on platform and on virtual threads where the server has both. Each is hit by a burst
 * that grows its pool, left idle a few seconds, diagnosed; then diagnosed again under light load (a few
 * requests a second). One server at a time, on port 0, each stopped before the next starts.
 *
 * <p>The dumps of every diagnosis are kept under {@code cli/target/healthy-servers/} (the fixtures
 * {@code lab/src/test/resources/thread-dumps/servers/} were copied from there). A JDK 21 that is missing
 * skips its runs with the reason ({@code ./loomlab install jdk21}). One class per JDK
 * ({@link HealthyServersOnJdk21IT}, {@link HealthyServersOnJdk25IT}), so that CI's forks run the two side by
 * side.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
abstract class HealthyServers {
    private static final Path KEPT = Path.of("target", "healthy-servers").toAbsolutePath();
    private static final Path LIBRARIES = Path.of("target", "service-libraries").toAbsolutePath();
    private static final Pattern LISTENING = Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+)");
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());
    /** As in issue 49's tries: enough concurrent requests to grow a pool of 200 to its size. */
    private static final int BURST = 200;
    /** A few seconds after the burst, while the grown pool's idle threads wait for work. */
    private static final Duration IDLE = Duration.ofSeconds(3);
    /** The light load's pause between two requests: about four a second. */
    private static final Duration LIGHT = Duration.ofMillis(250);
    /** diagnose's window: three dumps a second apart, its least. */
    private static final String SECONDS = "2";
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(20)).build();

    private static ThrowawayPostgres database;
    private static String jettyClassPath;

    @TempDir
    Path logs;

    /** The JDK this class's servers run on. */
    abstract int feature();

    @AfterAll
    static synchronized void stopDatabase() throws Exception {
        if (database != null) {
            database.close();
            database = null;
        }
    }

    @Test
    void springOnTomcatIsNeverAlarmedOnPlatformOrVirtualThreads() throws Exception {
        int feature = feature();
        ServerJava java = java(feature);
        ProcessSupervisor processes = new ProcessSupervisor();
        Servers servers = Servers.standard(launcher(), processes);
        for (ExecutorMode mode : List.of(ExecutorMode.platform(200), ExecutorMode.virtual())) {
            String label = "spring-" + mode.model().name().toLowerCase() + "-jdk" + feature;
            try (RunningServer server = servers.start(ServerId.SPRING, ServingModel.of(mode), java, ServerOptions.NONE,
                    logs.resolve(label + ".log"))) {
                healthy(label, server.process(), server.baseUrl(), List.of("/blocking-ms/500"), BURST,
                        List.of("/hello"));
            }
        }
        assertEquals(0, ProcessSupervisor.liveCount(), "a server outlived its run");
    }

    @Test
    void webfluxOnNettyIsNeverAlarmed() throws Exception {
        int feature = feature();
        ServerJava java = java(feature);
        Servers servers = Servers.standard(launcher(), new ProcessSupervisor());
        String label = "webflux-reactive-jdk" + feature;
        try (RunningServer server = servers.start(ServerId.WEBFLUX, ServingModel.EVENT_LOOP, java, ServerOptions.NONE,
                logs.resolve(label + ".log"))) {
            healthy(label, server.process(), server.baseUrl(), List.of("/blocking-ms/500"), BURST, List.of("/hello"));
        }
        assertEquals(0, ProcessSupervisor.liveCount(), "a server outlived its run");
    }

    /**
     * Quarkus has both thread models in one server: its worker pool (a pool of 20 platform threads here, the
     * {@code @Blocking} paths) and a virtual thread per request ({@code @RunOnVirtualThread}); both are grown
     * by the burst, beside Vert.x's event loops. Every path reads the sample table from PostgreSQL.
     */
    @Test
    void quarkusOnVertxIsNeverAlarmedOnItsWorkerPoolOrVirtualThreads() throws Exception {
        int feature = feature();
        ServerJava java = java(feature);
        assumeTrue(Lab.fromEnvironment().postgres().binariesAvailable(), "no PostgreSQL binaries on this machine");
        synchronized (HealthyServers.class) {
            if (database == null) {
                database = Lab.fromEnvironment().postgres().start(Path.of("target"));
            }
        }
        Servers servers = Servers.standard(launcher(), new ProcessSupervisor());
        ServerOptions options = ServerOptions.NONE.withDatabase(new DatabaseBinding(database, 1, 10, 20));
        String label = "quarkus-worker-and-virtual-jdk" + feature;
        try (RunningServer server = servers.start(ServerId.QUARKUS, ServingModel.of(ExecutorMode.platform(20)), java,
                options, logs.resolve(label + ".log"))) {
            healthy(label, server.process(), server.baseUrl(),
                    List.of("/sandbox/blocking/jdbc-slow?sleepMs=300", "/sandbox/loom/jdbc-slow?sleepMs=300"), 40,
                    List.of("/sandbox/blocking/jdbc", "/sandbox/loom/jdbc"));
        }
        assertEquals(0, ProcessSupervisor.liveCount(), "a server outlived its run");
    }

    /** Jetty 12 embedded ({@code services/jetty/JettyService.java}): its QueuedThreadPool, then with a VirtualThreadPool. */
    @Test
    void jetty12IsNeverAlarmedOnPlatformOrVirtualThreads() throws Exception {
        int feature = feature();
        ServerJava java = java(feature);
        String classPath = jettyClassPath();
        ProcessSupervisor processes = new ProcessSupervisor();
        for (String threads : List.of("platform", "virtual")) {
            String label = "jetty-" + threads + "-jdk" + feature;
            List<String> command = new ArrayList<>(List.of(java.java().toString()));
            command.addAll(Servers.COMMON_JVM_FLAGS);
            command.addAll(List.of(ProcessSupervisor.parentWatchFlag(), "-cp", classPath,
                    "jetty.JettyService", "--port", "0", "--threads", threads));
            try (ChildProcess jetty = processes.start(label, command, logs.resolve(label + ".log"))) {
                Matcher listening = jetty.awaitLine(LISTENING, Duration.ofSeconds(120));
                healthy(label, jetty, URI.create(listening.group(1) + "/"), List.of("/sleep/500"), BURST,
                        List.of("/hello"));
            }
        }
        assertEquals(0, ProcessSupervisor.liveCount(), "a server outlived its run");
    }

    /**
     * The burst ({@code count} concurrent requests on each of {@code burst}, all answered), a few seconds
     * idle, diagnose: exit 0; then light load on {@code light} and diagnose again: exit 0, with requests
     * answered meanwhile.
     */
    private static void healthy(String label, ChildProcess server, URI base, List<String> burst, int count,
                                List<String> light) throws Exception {
        for (String path : burst) {
            burst(base, path, count);
        }
        Thread.sleep(IDLE);
        diagnose(label + "-idle", server);

        AtomicBoolean loading = new AtomicBoolean(true);
        AtomicLong answered = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        Thread client = Thread.ofPlatform().daemon(true).name("light-load").start(() -> {
            for (int i = 0; loading.get(); i++) {
                try {
                    HttpResponse<Void> response = HTTP.send(get(base, light.get(i % light.size())),
                            HttpResponse.BodyHandlers.discarding());
                    (response.statusCode() == 200 ? answered : failed).incrementAndGet();
                    Thread.sleep(LIGHT);
                } catch (IOException e) {
                    failed.incrementAndGet();
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        try {
            Thread.sleep(Duration.ofSeconds(1));
            long before = answered.get();
            diagnose(label + "-light", server);
            assertTrue(answered.get() > before, label + ": answered under light load while diagnosed (" + answered
                    + " in all)");
        } finally {
            loading.set(false);
            client.join(Duration.ofSeconds(60));
        }
        assertEquals(0, failed.get(), label + ": light load's failures");
        server.requireAlive();
    }

    private static void burst(URI base, String path, int count) throws Exception {
        List<Future<Integer>> codes = new ArrayList<>();
        try (var senders = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < count; i++) {
                codes.add(senders.submit(() -> HTTP.send(get(base, path), HttpResponse.BodyHandlers.discarding())
                        .statusCode()));
            }
        }
        long ok = 0;
        for (Future<Integer> code : codes) {
            ok += code.get() == 200 ? 1 : 0;
        }
        assertEquals(count, ok, path + ": the burst's requests answered 200");
    }

    private static HttpRequest get(URI base, String path) {
        return HttpRequest.newBuilder(base.resolve(path.substring(1))).timeout(Duration.ofSeconds(90)).build();
    }

    /** {@code diagnose --pid} with its shortest window; the dumps kept under {@link #KEPT}; exit 0 and nothing found. */
    private static void diagnose(String label, ChildProcess server) throws IOException {
        Path out = KEPT.resolve(label);
        deleteTree(out);
        long started = System.nanoTime();
        CliRun run = CliRun.of("diagnose", "--pid", Long.toString(server.pid()), "--seconds", SECONDS, "--out",
                out.toString());
        double tookS = (System.nanoTime() - started) / 1e9;
        JsonNode arm = Files.isRegularFile(out.resolve("results.json"))
                ? Json.mapper().readTree(out.resolve("results.json").toFile()).path("experiments").get(0)
                        .path("arms").get(0) : null;
        String verdict = arm == null ? "(no results)" : arm.path("stillness").path("verdict").asText();
        System.out.printf("%s: diagnose exit %d, verdict %s, %.1f s%n", label, run.exitCode(), verdict, tookS);
        assertEquals(0, run.exitCode(), label + ": " + run.out() + run.err());
        assertTrue(run.out().contains("Nothing broke:"), label + ": " + run.out());
        assertFalse(run.out().contains("Undecided:"), label + ": " + run.out());
        assertEquals(0, arm.path("found").size(), label + ": " + arm.path("found"));
    }

    private static void deleteTree(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
        }
    }

    /** JDK 25 is the lab's own; JDK 21 the one the lab finds or installed ({@code ./loomlab install jdk21}). */
    private static ServerJava java(int feature) throws InterruptedException {
        if (feature == Runtime.version().feature()) {
            return ServerJava.lab(Path.of(System.getProperty("java.home"), "bin", "java"));
        }
        JdkSearch search = JdkSearch.standard(CliProcess.HOME, System.getenv(), Path.of(System.getProperty("user.home")));
        assumeTrue(search.find(feature).isPresent(), "no JDK " + feature + " on this machine (./loomlab install jdk21)");
        return ServerJava.chosen(Jdks.standard(search, QUIET).find(feature));
    }

    private static JavaLauncher launcher() {
        return new JavaLauncher(CliProcess.HOME, Path.of(System.getProperty("java.home"), "bin", "java"));
    }

    /** JettyService compiled for JDK 21 against Jetty 12 (the jars the build copies), and its class path. */
    private static synchronized String jettyClassPath() throws IOException {
        if (jettyClassPath == null) {
            List<Path> jars;
            try (Stream<Path> jetty = Files.list(LIBRARIES.resolve("jetty")); Stream<Path> all = Files.list(LIBRARIES)) {
                jars = Stream.concat(jetty.filter(f -> f.toString().endsWith(".jar")),
                        all.filter(f -> f.getFileName().toString().startsWith("slf4j-api-"))).sorted().toList();
            }
            assertEquals(5, jars.size(), "jetty-server, -http, -io, -util and slf4j-api in " + LIBRARIES + ": " + jars);
            String libraries = jars.stream().map(Path::toString).collect(Collectors.joining(":"));
            Path classes = KEPT.resolve("jetty-classes");
            deleteTree(classes);
            Path source = classes.resolve("jetty/JettyService.java");
            Files.createDirectories(source.getParent());
            try (InputStream in = HealthyServers.class.getResourceAsStream("/services/jetty/JettyService.java")) {
                Files.write(source, in.readAllBytes());
            }
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            int compiled = javac.run(null, null, null, "--release", "21", "-cp", libraries, "-d", classes.toString(),
                    source.toString());
            assertEquals(0, compiled, "JettyService.java compiles for JDK 21 against Jetty 12");
            jettyClassPath = classes + ":" + libraries;
        }
        return jettyClassPath;
    }
}
