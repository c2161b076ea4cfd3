package loomlab.core.finding;

import java.util.Comparator;
import java.util.List;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ConnectionWait;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.arm.JdbcFigures;
import loomlab.core.bound.CpuTerm;
import loomlab.core.bound.LittlesLaw;
import loomlab.core.bound.ProcessCpu;
import loomlab.core.bound.WaitTerm;

/**
 * Where a JDBC arm's limit sat, judged from its own figures. With a pause after every answer the
 * users come back in rounds, all of them at first and, since the pause is the same for all, in
 * bunches after that. What decides the response time is how long the server needs for the users
 * that arrive together: the CPU they need (server, database and load generator together, per
 * request, times their number, over the cores), or the waves a pool of platform threads passes them
 * in (each wave one unloaded service time). Before both, a long wait for a JDBC connection, counted
 * by the pool itself over the measured window, names the JDBC pool; after both, a round that takes
 * hardly longer than one request alone means the users' own pace was the limit.
 *
 * @param together       users that arrive together (the users, or fewer requests)
 * @param serviceS       one request alone on the unloaded server (W of the bound)
 * @param cpuDrainS      the CPU those users need, over the cores; null when no CPU was read
 * @param poolQueueS     the waves a thread pool passes them in, times W (0 without a pool in the way)
 * @param threads        the thread pool's size, or null for virtual threads
 * @param waves          the waves of the thread pool, 0 without one in the way
 * @param connectionWait the wait for a JDBC connection over the measured window, or null
 * @param connections    the JDBC pool's size
 * @param meanResponseMs the arm's mean response time, null when unknown
 * @param cpu            the CPU term with each process's share (the database's null when unknown)
 */
public record JdbcLimit(ArmKey arm, Kind kind, long together, double serviceS, Double cpuDrainS, double poolQueueS,
                        Integer threads, long waves, ConnectionWait connectionWait, int connections, Double meanResponseMs,
                        CpuTerm cpu) implements BoundFinding {
    /** The wait for a connection is the limit when it is this share of the response time or more. */
    static final double POOL_WAIT_SHARE = 0.25;
    /** A round that drains within this many unloaded service times has not queued behind anything. */
    static final double UNQUEUED_FACTOR = 1.5;

    public enum Kind {
        JDBC_POOL("jdbc pool"), CPU("cpu"), THREAD_POOL("thread pool"), USERS_PACE("users' pace"),
        /** The CPU known without the database's does not decide it, and the database's is unknown. */
        DATABASE_CPU_UNKNOWN("unknown: database CPU"), UNKNOWN("unknown");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** A short name for tables. */
        public String label() {
            return label;
        }
    }

    public static JdbcLimit of(HttpArmResult arm) {
        JdbcFigures jdbc = arm.jdbc();
        WaitTerm waitTerm = arm.check().bound().waiting();
        CpuTerm cpu = arm.check().bound().cpu();
        Double meanMs = arm.latencyMs() == null ? null : arm.latencyMs().mean();
        if (jdbc == null || waitTerm == null || arm.requests() == 0 || meanMs == null) {
            return unknown(arm, jdbc, meanMs, cpu);
        }
        long together = Math.min(arm.users(), arm.requests());
        double serviceS = waitTerm.waitS();
        ConnectionWait wait = arm.serverProcess().connectionWait();
        if (wait != null && wait.averageMs() != null && wait.averageMs() >= POOL_WAIT_SHARE * meanMs) {
            return new JdbcLimit(arm.key(), Kind.JDBC_POOL, together, serviceS, null, 0, null, 0, wait,
                    jdbc.jdbcMaxPool(), meanMs, cpu);
        }
        Double cpuDrain = cpu == null ? null : together * cpu.cpuPerRequestS() / cpu.cores();
        int limit = arm.executorMode().concurrencyLimit();
        Integer threads = limit == Integer.MAX_VALUE ? null : limit;
        long waves = threads != null && threads < together ? LittlesLaw.waves(together, threads) : 0;
        double poolQueue = waves * serviceS;
        Kind kind;
        double known = cpuDrain == null ? 0 : cpuDrain;
        if (cpuDrain == null) {
            kind = Kind.UNKNOWN;
        } else if (Math.max(known, poolQueue) <= UNQUEUED_FACTOR * serviceS) {
            // The known CPU is a floor of what was spent; an unknown database could only add to it.
            kind = cpu.incomplete() ? Kind.DATABASE_CPU_UNKNOWN : Kind.USERS_PACE;
        } else if (known >= poolQueue) {
            kind = Kind.CPU;
        } else {
            kind = cpu.incomplete() ? Kind.DATABASE_CPU_UNKNOWN : Kind.THREAD_POOL;
        }
        return new JdbcLimit(arm.key(), kind, together, serviceS, cpuDrain, poolQueue, threads, waves, wait,
                jdbc.jdbcMaxPool(), meanMs, cpu);
    }

    private static JdbcLimit unknown(HttpArmResult arm, JdbcFigures jdbc, Double meanMs, CpuTerm cpu) {
        return new JdbcLimit(arm.key(), Kind.UNKNOWN, 0, 0, null, 0, null, 0, null,
                jdbc == null ? 0 : jdbc.jdbcMaxPool(), meanMs, cpu);
    }

    /** The CPU of one process per request, in seconds, or null when unknown or not read. */
    public Double cpuPerRequestOf(String role) {
        if (cpu == null) {
            return null;
        }
        Double total = cpu.cpuOf(role);
        return total == null ? null : total / cpu.requests();
    }

    /**
     * The process that spent the most CPU, among every one read (server, database, the lab's generator
     * and any other): its role, or null when a role's CPU is unknown and so could have been the most.
     */
    public String busiestRole() {
        if (cpu == null || cpu.processes().isEmpty() || cpu.processes().stream().anyMatch(p -> p.cpuS() == null)) {
            return null;
        }
        return cpu.processes().stream().max(Comparator.comparingDouble(ProcessCpu::cpuS))
                .map(ProcessCpu::role).orElseThrow();
    }

    /** The roles whose CPU is unknown. */
    public List<String> unknownRoles() {
        return cpu == null ? List.of()
                : cpu.processes().stream().filter(p -> p.cpuS() == null).map(ProcessCpu::role).toList();
    }
}
