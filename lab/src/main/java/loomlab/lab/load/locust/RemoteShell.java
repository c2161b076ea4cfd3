package loomlab.lab.load.locust;

import java.util.ArrayList;
import java.util.List;
import loomlab.core.ShellWords;

/**
 * How the lab runs a worker's start script (POSIX sh) on the worker's host: the one piece that
 * differs between a local worker, a worker over ssh and a test's worker in a network namespace, so
 * all of them go through the same code.
 */
@FunctionalInterface
public interface RemoteShell {
    /** The local command line that runs {@code script} there; it ends when the worker ends. */
    List<String> command(String script);

    /** On this machine. */
    static RemoteShell local() {
        return script -> List.of("sh", "-c", script);
    }

    /**
     * On {@code host} over ssh: key-based and never asking (BatchMode), with a terminal forced
     * ({@code -tt}) so that the worker gets a hang-up when the lab's ssh ends, and run by {@code sh}
     * whatever the account's login shell is.
     */
    static RemoteShell ssh(String host) {
        return ssh(host, List.of());
    }

    /** The same with ssh options of the caller's before the host, e.g. {@code -F CONFIG}. */
    static RemoteShell ssh(String host, List<String> options) {
        List<String> command = new ArrayList<>(List.of("ssh", "-tt", "-o", "BatchMode=yes", "-o", "ConnectTimeout=10"));
        command.addAll(options);
        command.add(host);
        List<String> fixed = List.copyOf(command);
        return script -> {
            List<String> line = new ArrayList<>(fixed);
            line.add("sh -c " + ShellWords.quote(script));
            return line;
        };
    }
}
