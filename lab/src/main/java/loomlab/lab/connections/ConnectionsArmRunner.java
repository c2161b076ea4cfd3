package loomlab.lab.connections;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.ConnectionsArmPlan;
import loomlab.core.arm.ConnectionsArmResult;
import loomlab.core.arm.ConnectionsArmResult.ConnectionCap;
import loomlab.core.arm.ConnectionsArmResult.ConnectionLimit;
import loomlab.core.arm.ConnectionsArmResult.RssPoint;
import loomlab.core.arm.FailedArm;
import loomlab.core.connections.ConnectionLimits;
import loomlab.lab.process.ChildDied;
import loomlab.lab.process.ChildProcess;
import loomlab.lab.process.IpRoute;
import loomlab.lab.process.ProcStat;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.lab.run.ArmRunner;
import loomlab.lab.run.RunContext;

/**
 * Runs one arm of the connections experiment in a network namespace of its own: the
 * thread-per-connection server, then the non-blocking client that opens the connections and keeps
 * them messaging, both with their open-files limit raised to the hard limit (or set to the plan's
 * lower one). While the client runs, the server's RSS, threads, CPU and the namespace's socket memory
 * are sampled at each progress line it prints, which gives memory against open connections.
 */
public final class ConnectionsArmRunner implements ArmRunner<ConnectionsArmPlan> {
    /** Below 64k local ports per server port, with room to spare. */
    static final int CONNECTIONS_PER_PORT = 50_000;
    static final String SERVER_MAIN = "loomlab.tasks.connections.ConnectionServer";
    static final String CLIENT_MAIN = "loomlab.load.hold.HoldMain";
    static final String TASKS_JAR = "tasks/target/tasks.jar";
    static final String LOAD_JAR = "load/target/loomlab-load.jar";
    private static final List<String> QUIET_JVM = List.of("-Xlog:disable", "-Xlog:all=warning:stderr");
    private static final Pattern LISTENING = Pattern.compile("listening ports=([0-9,]+)");
    private static final Duration SAMPLE_EVERY = Duration.ofMillis(250);
    /** The server settles (class loading, JIT of the accept path) before its idle RSS is read. */
    private static final Duration SETTLE = Duration.ofSeconds(1);
    private static final int LOG_TAIL_LINES = 15;
    /**
     * Between the ramp and the hold the connections message unmeasured while the lab asks the server
     * for a full collection, so the collection's pause stays out of the round trips.
     */
    static final int SETTLE_S = 3;

    @Override
    public ArmResult run(ConnectionsArmPlan plan, RunContext context) throws InterruptedException {
        Optional<String> unavailable = Namespace.unavailable();
        if (unavailable.isPresent()) {
            return FailedArm.skipped(plan, unavailable.get() + "; the connections experiment runs in a network"
                    + " namespace of its own");
        }
        ConnectionLimits limits = LimitsProbe.read(plan.fileLimit());
        ConnectionCap cap = limits.cap(plan.virtual());
        int target = cap == null ? plan.connections() : Math.min(plan.connections(), cap.count());
        if (target < 1) {
            return FailedArm.failed(plan, "the limits in force allow no connection: " + cap.limitName() + " is "
                    + cap.limitValue());
        }
        try (Namespace namespace = Namespace.create();
             ChildProcess server = context.processes().start(plan.name() + " server",
                     namespace.inside(serverCommand(plan, context, limits.openFiles(), ports(target))),
                     context.logFile(plan.name(), "connection-server"))) {
            String ports = server.awaitLine(LISTENING, Duration.ofSeconds(60)).group(1);
            Thread.sleep(SETTLE.toMillis());
            Runnable collect = () -> fullGc(context, server.pid());
            Double idleBefore = ServerSample.of(server.pid(), 0).rssMb();
            collect.run();
            Double baseline = ServerSample.of(server.pid(), 0).rssMb();
            try (ChildProcess client = context.processes().start(plan.name() + " client",
                    namespace.inside(clientCommand(plan, context, limits.openFiles(), ports, target)),
                    context.logFile(plan.name(), "connections-client"))) {
                Samples samples = sample(plan, server, client, target, collect);
                // A server that died while the client ran explains every error after it: its log's tail says why.
                server.requireAlive();
                JsonNode figures = ClientOutput.result(client.readLog());
                ArmResult result = result(plan, target, limits, idleBefore, baseline, samples, figures,
                        ServerLimit.from(server.readLog()));
                server.kill(); // read to its last line; a polite stop would wait for thousands of threads to end
                return result;
            }
        } catch (ChildDied e) {
            return FailedArm.failed(plan, e.getMessage());
        } catch (IOException e) {
            return FailedArm.failed(plan, e.getMessage());
        }
    }

    static int ports(int connections) {
        return (connections + CONNECTIONS_PER_PORT - 1) / CONNECTIONS_PER_PORT;
    }

    private static List<String> serverCommand(ConnectionsArmPlan plan, RunContext context, Long openFiles,
                                              int ports) {
        List<String> command = withFileLimit(openFiles);
        command.add(context.launcher().java().toString());
        command.addAll(QUIET_JVM);
        command.add(ProcessSupervisor.parentWatchFlag());
        command.addAll(List.of("-cp", context.launcher().jar(TASKS_JAR).toString(), SERVER_MAIN, "--threads",
                plan.threads(), "--ports", String.valueOf(ports), "--backlog", "65535"));
        return command;
    }

    private static List<String> clientCommand(ConnectionsArmPlan plan, RunContext context, Long openFiles,
                                              String ports, int target) {
        List<String> command = withFileLimit(openFiles);
        command.add(context.launcher().java().toString());
        command.addAll(QUIET_JVM);
        command.addAll(List.of("-cp", context.launcher().jar(LOAD_JAR).toString(), CLIENT_MAIN, "--ports", ports,
                "--connections", String.valueOf(target), "--connect-rate", String.valueOf(plan.connectRatePerS()),
                "--interval-ms", String.valueOf(plan.intervalMs()), "--settle-s", String.valueOf(SETTLE_S), "--hold-s",
                String.valueOf(plan.holdS())));
        return command;
    }

    /** The open-files limit set on this child only, soft and hard alike; the machine's stays as it is. */
    private static List<String> withFileLimit(Long openFiles) {
        List<String> command = new ArrayList<>();
        if (openFiles != null) {
            command.addAll(List.of("prlimit", "--nofile=" + openFiles + ":" + openFiles, "--"));
        }
        return command;
    }

    /** Samples the server at each progress line until the client ends, or fails the arm when it overruns. */
    private static Samples sample(ConnectionsArmPlan plan, ChildProcess server, ChildProcess client, int target,
                                  Runnable collect) throws InterruptedException {
        Duration allowed = Duration.ofSeconds(60 + SETTLE_S + plan.holdS() + target / Math.max(1, plan.connectRatePerS())
                + target / 1_000);
        long deadline = System.nanoTime() + allowed.toNanos();
        Samples samples = new Samples();
        int seen = 0;
        while (client.alive()) {
            List<ClientOutput.Progress> lines = ClientOutput.progress(client.readLog());
            for (ClientOutput.Progress line : lines.subList(Math.min(seen, lines.size()), lines.size())) {
                ServerSample sample = ServerSample.of(server.pid(), line.opened());
                if (samples.add(line, sample)) {
                    collect.run();
                    samples.collected(sample, ServerSample.of(server.pid(), line.opened()));
                }
            }
            seen = lines.size();
            if (System.nanoTime() > deadline) {
                throw new ChildDied(client.label() + " did not finish within " + allowed.toSeconds() + " s; last lines:\n"
                        + client.logTail(LOG_TAIL_LINES));
            }
            Thread.sleep(SAMPLE_EVERY.toMillis());
        }
        if (client.exitCode() != 0) {
            throw new ChildDied(client.label() + " exited with code " + client.exitCode() + "; last lines:\n"
                    + client.logTail(LOG_TAIL_LINES));
        }
        return samples;
    }

    private static ArmResult result(ConnectionsArmPlan plan, int target, ConnectionLimits limits, Double idleBeforeMb,
                                    Double baselineMb, Samples samples, JsonNode client,
                                    Optional<ServerLimit> serverLimit) {
        ConnectionCap cap = limits.cap(plan.virtual());
        int held = client.path("connections_held").asInt();
        ServerSample end = samples.afterCollection().or(samples::lastOfHold).orElse(null);
        Double rss = end == null ? null : end.rssMb();
        // Not above the idle RSS is a failed reading: null (and flagged), never 0 KB.
        Double perConnection = ConnectionsArmResult.rssPerConnectionKb(rss, baselineMb, held);
        long messages = client.path("messages").asLong();
        // CPU and messages as rates over the hold, since the CPU is read over part of it.
        Double cpuPerSecond = samples.holdCpuPerSecond().orElse(null);
        Double holdCpu = cpuPerSecond == null ? null : cpuPerSecond * plan.holdS();
        // Only what the ramp met by itself is a limit reached; the lab's cap is a prediction it asked no more than.
        ConnectionLimit limit = serverLimit.map(l -> new ConnectionLimit(l.error(), null, l.accepted())).orElse(null);
        ConnectionCap cappedAt = target < plan.connections() ? cap : null;
        JsonNode first = client.path("first_error");
        return new ConnectionsArmResult(plan.key(), plan.connections(), held, number(client, "connect_seconds"),
                number(client, "connect_rate_per_s"), rss, baselineMb, perConnection,
                end == null ? null : end.socketMemoryKb(), end == null ? null : end.threads(), holdCpu,
                holdCpu == null || messages == 0 ? null : holdCpu * 1e6 / messages, messages,
                number(client, "message_p50_ms"), number(client, "message_p99_ms"), number(client, "message_max_ms"),
                client.path("errors").asLong(),
                first.isObject() ? new ConnectionsArmResult.ConnectionError(first.path("kind").asText(),
                        first.path("message").asText()) : null,
                limit, cap, limits.caps(plan.virtual()), new ConnectionsArmResult.ClientCosts(number(client, "client_cpu_s"),
                        number(client, "client_rss_mb"), number(client, "max_send_lag_ms"),
                        client.path("behind_schedule").asBoolean()),
                plan.intervalMs(), plan.connectRatePerS(), opening(baselineMb, samples.points()), cappedAt,
                new ConnectionsArmResult.RssAroundCollections(idleBeforeMb, baselineMb,
                        samples.beforeCollection().map(ServerSample::rssMb).orElse(null),
                        samples.afterCollection().map(ServerSample::rssMb).orElse(null)));
    }

    /**
     * A full collection, asked of the server before its idle RSS is read and once every connection is
     * open, so that the figure does not depend on however far the collector had let the young
     * generation grow. Both arms get the same. It does not make the RSS garbage-free: the JVM keeps the
     * pages it committed unless it uncommits them, and the collection touches pages of its own; the
     * RSS is read on both sides of it, and the verdict says when it did not fall.
     */
    private static void fullGc(RunContext context, long pid) {
        Path jcmd = context.launcher().java().resolveSibling("jcmd");
        try {
            IpRoute.run(List.of(jcmd.toString(), String.valueOf(pid), "GC.run"));
        } catch (IOException e) {
            // Without it the RSS includes garbage; the figures stay, read as they are.
        }
    }

    /** Memory against connections from the idle server on: a ramp shorter than one tick still has two points. */
    static List<RssPoint> opening(Double baselineMb, List<RssPoint> ramp) {
        List<RssPoint> points = new ArrayList<>();
        if (baselineMb != null) {
            points.add(new RssPoint(0, Math.round(baselineMb * 10) / 10.0));
        }
        points.addAll(ramp);
        return points;
    }

    private static Double number(JsonNode figures, String field) {
        JsonNode value = figures.path(field);
        return value.isNumber() ? value.asDouble() : null;
    }

    /** The server as sampled at one progress line of the client. */
    record ServerSample(int opened, Double rssMb, Integer threads, Double cpuS, Double socketMemoryKb) {
        static ServerSample of(long pid, int opened) {
            return new ServerSample(opened, box(ProcStat.rssMb(pid)),
                    ProcStat.threads(pid).isPresent()
                            ? (int) ProcStat.threads(pid).getAsLong() : null,
                    box(ProcStat.cpuSeconds(pid)), SocketMemory.kb(pid));
        }

        private static Double box(OptionalDouble value) {
            return value.isPresent() ? value.getAsDouble() : null;
        }
    }

    /**
     * The samples of one arm: memory against connections while they open, and the hold's. The lab
     * samples when it sees a progress line, up to one tick after the client printed it, so the last
     * hold samples may fall in the client's closing: the hold is read up to {@link #CLOSING_TICKS}
     * ticks before its end.
     */
    static final class Samples {
        static final int CLOSING_TICKS = 2;
        private final List<RssPoint> points = new ArrayList<>();
        private final List<ServerSample> hold = new ArrayList<>();
        private final List<Long> holdElapsedMs = new ArrayList<>();

        private boolean collected;
        private ServerSample beforeCollection;
        private ServerSample afterCollection;

        /**
         * Adds a sample; returns true once, at the first sample of the settle, when the server should
         * be collected before the hold is measured.
         */
        boolean add(ClientOutput.Progress line, ServerSample sample) {
            if (line.opening() && sample.rssMb() != null) {
                points.add(new RssPoint(line.opened(), Math.round(sample.rssMb() * 10) / 10.0));
            }
            if (line.settling() && !collected) {
                collected = true;
                return true;
            }
            if (line.holding()) {
                hold.add(sample);
                holdElapsedMs.add(line.elapsedMs());
            }
            return false;
        }

        /** The server just before and just after its full collection, every connection open. */
        void collected(ServerSample before, ServerSample after) {
            beforeCollection = before;
            afterCollection = after;
        }

        /** The server just before that collection, for whether the collection lowered its RSS. */
        Optional<ServerSample> beforeCollection() {
            return Optional.ofNullable(beforeCollection);
        }

        /**
         * Memory and threads as the connections keep them: read just after the collection, since
         * every message a virtual thread waits for parks it and copies its stack to the heap, and the
         * hold's garbage would grow the young generation again by the end of it.
         */
        Optional<ServerSample> afterCollection() {
            return Optional.ofNullable(afterCollection);
        }

        List<RssPoint> points() {
            return points;
        }

        /** The last hold sample taken while every connection was surely still open. */
        Optional<ServerSample> lastOfHold() {
            return lastIndex() < 0 ? Optional.empty() : Optional.of(hold.get(lastIndex()));
        }

        /** The server's CPU per second of the hold, between its first sample and the last one read. */
        Optional<Double> holdCpuPerSecond() {
            int last = lastIndex();
            if (last < 1 || hold.getFirst().cpuS() == null || hold.get(last).cpuS() == null) {
                return Optional.empty();
            }
            double seconds = (holdElapsedMs.get(last) - holdElapsedMs.getFirst()) / 1000.0;
            return seconds <= 0 ? Optional.empty()
                    : Optional.of((hold.get(last).cpuS() - hold.getFirst().cpuS()) / seconds);
        }

        private int lastIndex() {
            return hold.size() > CLOSING_TICKS + 1 ? hold.size() - 1 - CLOSING_TICKS : hold.size() - 1;
        }
    }

    /** The server's first "limit" line: a thread it could not start, a socket it could not accept. */
    record ServerLimit(String where, int accepted, String error) {
        private static final Pattern LINE = Pattern.compile("limit where=(\\w+) accepted=(\\d+) open=(\\d+) error=(.*)");

        static Optional<ServerLimit> from(String log) {
            Matcher found = LINE.matcher(log);
            return found.find() ? Optional.of(new ServerLimit(found.group(1), Integer.parseInt(found.group(3)),
                    found.group(4).strip())) : Optional.empty();
        }
    }

    /** The kernel's TCP buffer memory in the server's namespace: pages of /proc/PID/net/sockstat's "TCP ... mem". */
    static final class SocketMemory {
        private static final Pattern TCP_MEM = Pattern.compile("(?m)^TCP:.*\\bmem (\\d+)");
        private static final int PAGE_KB = 4;

        static Double kb(long pid) {
            try {
                return parse(Files.readString(Path.of("/proc", String.valueOf(pid), "net", "sockstat")));
            } catch (IOException e) {
                return null;
            }
        }

        static Double parse(String sockstat) {
            Matcher found = TCP_MEM.matcher(sockstat);
            return found.find() ? Double.valueOf(Long.parseLong(found.group(1)) * PAGE_KB) : null;
        }
    }
}
