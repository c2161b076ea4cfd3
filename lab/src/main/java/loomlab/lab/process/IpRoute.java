package loomlab.lab.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** iproute2's {@code ip} and the short commands run beside it, each bounded in time and failing with its output. */
public final class IpRoute {
    private static final long TIMEOUT_S = 30;

    private IpRoute() {
    }

    /** {@code ip ARGS...}; its output, or an IOException holding it when it failed. */
    public static String ip(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(args));
        return run(command);
    }

    /**
     * The same for a removal, where failure means there is nothing left to remove; it runs while the lab
     * stops too (from a shutdown hook).
     */
    public static void quietly(String... args) {
        List<String> command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(args));
        try {
            run(command, true);
        } catch (IOException alreadyGone) {
            // nothing to remove
        }
    }

    /** Any short command; its output, or an IOException holding it when it failed or overran. */
    public static String run(List<String> command) throws IOException {
        return run(command, false);
    }

    private static String run(List<String> command, boolean undo) throws IOException {
        Process process = undo ? ProcessSupervisor.startUndo(command, builder -> builder.redirectErrorStream(true))
                : ProcessSupervisor.startCommand(command, builder -> builder.redirectErrorStream(true));
        try {
            if (!process.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException(String.join(" ", command) + " did not finish within " + TIMEOUT_S + " s");
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + String.join(" ", command));
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (process.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + output);
        }
        return output;
    }
}
