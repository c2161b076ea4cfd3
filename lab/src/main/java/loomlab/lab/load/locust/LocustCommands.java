package loomlab.lab.load.locust;

import java.nio.file.Path;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import loomlab.core.ShellWords;

/** The command lines of a Locust run: the headless master's, and each worker's start script. */
final class LocustCommands {
    /** Locust warns above 100 new users per second and worker; the users wait for the start signal anyway. */
    static final int SPAWN_RATE_PER_WORKER = 100;
    /** The master's own stop, should the locustfile's never come: this long past the arm's duration. */
    static final Duration RUN_TIME_MARGIN = Duration.ofSeconds(30);

    private LocustCommands() {
    }

    /**
     * The master: headless, waiting at most {@code joinLimit} for its workers, the arm's users
     * spawned at once, statistics as CSV under {@code outputPrefix}, failures not an exit code
     * (the lab reads them from the statistics), the workers' figures to {@code summary}.
     */
    static List<String> master(List<String> locust, LocustArm arm, LocustWorkers workers, int port, Path locustfile,
                               Path outputPrefix, Path summary, Duration joinLimit, Duration runLimit) {
        List<String> command = new ArrayList<>(List.of("env", "LOOMLAB_SUMMARY=" + summary));
        command.addAll(locust);
        command.addAll(List.of("-f", locustfile.toString(), "--headless", "--master",
                "--master-bind-host", workers.masterAddress(), "--master-bind-port", Integer.toString(port),
                "--expect-workers", Integer.toString(workers.count()),
                "--expect-workers-max-wait", Long.toString(joinLimit.toSeconds()),
                "-u", Integer.toString(arm.users()), "-r", Integer.toString(spawnRate(arm.users(), workers.count())),
                "-t", runLimit.toSeconds() + "s", "-H", arm.host().toString(),
                "--csv", outputPrefix.toString(), "--only-summary", "--exit-code-on-error", "0"));
        return command;
    }

    static int spawnRate(int users, int workers) {
        return Math.min(users, SPAWN_RATE_PER_WORKER * workers);
    }

    /**
     * Locust's own time limit: past the arm's duration by a margin (the locustfile stops the arm
     * itself), or the lab's limit for an arm that counts requests.
     */
    static Duration runLimit(LocustArm arm, Duration countLimit) {
        return arm.countsRequests() ? countLimit : arm.duration().plus(RUN_TIME_MARGIN).plusSeconds(1)
                .truncatedTo(ChronoUnit.SECONDS);
    }

    /**
     * A worker's start script (POSIX sh): in a temporary folder of its own (Locust writes the
     * locustfile it downloads from the master into the temporary folder, which two workers on one
     * host must not share), named {@code name}, connecting to the master. The folder goes when the
     * worker ends, also when the script is stopped (TERM from the lab, HUP when an ssh session ends):
     * the worker runs in the background so that a signal reaches the trap at once, which stops the
     * worker and waits for it before removing the folder.
     */
    static String workerScript(String name, List<String> locust, String masterHost, int port) {
        return "dir=$(mktemp -d \"${TMPDIR:-/tmp}/loomlab-locust.XXXXXX\") || exit 1; cd \"$dir\" || exit 1; "
                + "TMPDIR=\"$dir\" LOOMLAB_WORKER=" + ShellWords.quote(name) + " " + ShellWords.join(locust)
                + " --worker --master-host " + ShellWords.quote(masterHost) + " --master-port " + port + " -f - & "
                + "worker=$!; trap 'kill -TERM \"$worker\" 2>/dev/null' HUP INT TERM; "
                + "wait \"$worker\"; status=$?; "
                + "while kill -0 \"$worker\" 2>/dev/null; do wait \"$worker\"; status=$?; done; "
                + "cd /; rm -rf \"$dir\"; exit $status";
    }

    /** The same for a worker on this machine, whose temporary folder is made under {@code parent}. */
    static String localWorkerScript(String name, List<String> locust, String masterHost, int port, Path parent) {
        return "TMPDIR=" + ShellWords.quote(parent.toString()) + "; export TMPDIR; "
                + workerScript(name, locust, masterHost, port);
    }
}
