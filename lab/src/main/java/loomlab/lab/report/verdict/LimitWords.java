package loomlab.lab.report.verdict;

import static loomlab.core.Figures.duration;
import static loomlab.core.Figures.num;

import loomlab.core.finding.JdbcLimit;

/** Where a JDBC arm's limit sat, with the figures that say so. */
final class LimitWords {
    private LimitWords() {
    }

    static String sentence(JdbcLimit limit) {
        String arm = limit.arm().name();
        return switch (limit.kind()) {
            case JDBC_POOL -> arm + " was limited by its JDBC pool: over the measured window a request waited "
                    + num(limit.connectionWait().averageMs()) + " ms on average (at most "
                    + num(limit.connectionWait().maxMs()) + " ms) for one of " + limit.connections()
                    + " connections, against a mean response of " + num(limit.meanResponseMs()) + " ms.";
            case CPU -> arm + " was limited by the CPU: a request cost " + duration(limit.cpu().cpuPerRequestS())
                    + " of CPU (" + shares(limit) + "), so the " + limit.together() + " users that arrive together"
                    + " needed " + num(limit.cpuDrainS()) + " s of the " + limit.cpu().cores() + " cores, against "
                    + duration(limit.serviceS()) + " for one request alone; " + (limit.busiestRole() != null
                    ? "most of it in the " + BoundWords.role(limit.busiestRole())
                    : "which process spent most is unknown, since the " + String.join(" and ",
                    limit.unknownRoles().stream().map(BoundWords::role).toList()) + "'s CPU is unknown") + ".";
            case THREAD_POOL -> arm + " was limited by its thread pool: " + limit.threads() + " threads passed the "
                    + limit.together() + " users that arrive together in " + limit.waves() + " waves of "
                    + duration(limit.serviceS()) + " (" + num(limit.poolQueueS()) + " s), more than the "
                    + num(limit.cpuDrainS()) + " s of CPU they needed.";
            case USERS_PACE -> arm + " was limited by the users' own pace: the " + limit.together() + " users that"
                    + " arrive together needed " + num(Math.max(limit.cpuDrainS(), limit.poolQueueS()))
                    + " s of CPU and threads, close to the " + duration(limit.serviceS()) + " of one request alone,"
                    + " so each user spent most of its cycle in its pause.";
            case DATABASE_CPU_UNKNOWN -> arm + ": where the limit sat cannot be told, since the database's CPU is"
                    + " unknown (a database the lab does not run): without it the CPU counted ("
                    + num(limit.cpuDrainS()) + " s for the users that arrive together) does not decide it against the"
                    + " pool's " + num(limit.poolQueueS()) + " s and the " + duration(limit.serviceS())
                    + " of one request alone.";
            case UNKNOWN -> arm + ": where the limit sat cannot be told without its CPU and latency figures.";
        };
    }

    private static String shares(JdbcLimit limit) {
        return String.join(", ", limit.cpu().processes().stream().map(p -> BoundWords.role(p.role()) + " "
                + (p.known() ? duration(p.cpuS() / limit.cpu().requests()) : "unknown")).toList());
    }
}
