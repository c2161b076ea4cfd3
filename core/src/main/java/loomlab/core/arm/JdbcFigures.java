package loomlab.core.arm;

import loomlab.core.bound.WaitTerm;

/**
 * What a JDBC arm reports beyond an HTTP arm's figures: the pools it ran with, the seed's own
 * columns computed from the lab's measurement (beside the seed's figures), and what the database's
 * processes used; the wait for a connection is the server's own figure, in its usage. In
 * results.json these keys sit on the arm itself, beside the HTTP figures.
 *
 * @param pool            the server's thread limit of this arm (Quarkus's worker pool, loomcat's
 *                        {@code platform:N}); virtual-thread arms of the same pool run with it set, unused
 * @param jdbcMinPool     JDBC connections kept open
 * @param jdbcMaxPool     JDBC connections at most
 * @param avgResponseS    the mean response time, in seconds, as siege reports it
 * @param transactionRate answered requests per second
 * @param mbPerS          MiB of responses per second (siege's MB)
 * @param responseBytes   the size of one response body
 * @param serviceS        W of the arm's bound: the wait the endpoint adds, or its unloaded latency
 * @param seed            the seed's columns for this arm, or null
 * @param databaseCpuS    CPU seconds of the database's processes during the measurement, null when
 *                        the database is not local to the lab (its CPU is then unknown, not zero)
 * @param databaseLocal   false for a database the user named with --db-url: its CPU cannot be read
 * @param machineCores    the cores of the machine, against which CPU seconds per second are read
 * @param databaseStopped true when the database was gone at the end of the arm
 */
public record JdbcFigures(int pool, int jdbcMinPool, int jdbcMaxPool, Double avgResponseS, Double transactionRate,
                          Double mbPerS, Long responseBytes, Double serviceS, SeedColumns seed, Double databaseCpuS,
                          boolean databaseLocal, int machineCores, boolean databaseStopped) {
    private static final double MIB = 1024.0 * 1024.0;

    /** The seed's columns from an HTTP arm's figures, its response size and what was read around it. */
    public static JdbcFigures of(JdbcArmPlan plan, HttpArmResult measured, Long responseBytes, Double databaseCpuS,
                                 boolean databaseLocal, int machineCores, boolean databaseStopped) {
        Double mean = measured.latencyMs() == null ? null : measured.latencyMs().mean();
        Double rate = measured.elapsedS() > 0 ? measured.requests() / measured.elapsedS() : null;
        Double mbPerS = rate == null || responseBytes == null ? null : rate * responseBytes / MIB;
        WaitTerm wait = measured.check().bound().waiting();
        return new JdbcFigures(plan.workerPool(), plan.jdbcMinPool(), plan.jdbcMaxPool(),
                mean == null ? null : mean / 1000.0, rate, mbPerS, responseBytes, wait == null ? null : wait.waitS(),
                plan.seed(), databaseCpuS, databaseLocal, machineCores, databaseStopped);
    }
}
