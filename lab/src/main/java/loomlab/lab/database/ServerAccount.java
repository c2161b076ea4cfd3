package loomlab.lab.database;

import com.sun.security.auth.module.UnixSystem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import loomlab.lab.process.ProcessSupervisor;

/**
 * The account PostgreSQL runs as. PostgreSQL refuses to run as root, and root is normal in CI and
 * containers, so a root lab hands the server to an unprivileged account; any other user runs it
 * directly.
 *
 * @param switchTo the account to run as, or null to run as this process's own user
 */
record ServerAccount(String switchTo) {
    /** Exists on nearly every Linux system and owns nothing, the right owner for a throwaway. */
    static final String PREFERRED = "nobody";
    /** Created only when root and {@value #PREFERRED} is missing. */
    static final String DEDICATED = "loomlab-postgres";
    private static final Duration TOOL_LIMIT = Duration.ofSeconds(30);

    static ServerAccount forThisProcess() throws DatabaseUnavailable {
        if (!runningAsRoot()) {
            return new ServerAccount(null);
        }
        if (!succeeds(List.of("runuser", "--help"))) {
            throw new DatabaseUnavailable("PostgreSQL refuses to run as root and runuser (util-linux) is missing "
                    + "to run it as another account");
        }
        if (accountExists(PREFERRED)) {
            return new ServerAccount(PREFERRED);
        }
        if (accountExists(DEDICATED) || succeeds(List.of("useradd", "--system", "--no-create-home",
                "--shell", "/usr/sbin/nologin", DEDICATED))) {
            return new ServerAccount(DEDICATED);
        }
        throw new DatabaseUnavailable("PostgreSQL refuses to run as root, account '" + PREFERRED
                + "' is missing and useradd could not create '" + DEDICATED + "'");
    }

    /** The command line that runs {@code command} as this account. */
    List<String> command(List<String> command) {
        if (switchTo == null) {
            return command;
        }
        List<String> switched = new ArrayList<>(List.of("runuser", "-u", switchTo, "--"));
        switched.addAll(command);
        return switched;
    }

    /** Makes {@code folder} and everything in it this account's, so the server may write there. */
    void own(Path folder) throws DatabaseUnavailable {
        if (switchTo != null && !succeeds(List.of("chown", "-R", switchTo + ":", folder.toString()))) {
            throw new DatabaseUnavailable("cannot give " + folder + " to account " + switchTo);
        }
    }

    /**
     * Whether this account can reach things inside {@code folder}: every folder on the way must let
     * others through when the server runs as a different account (a root home folder does not).
     */
    boolean canReach(Path folder) {
        if (switchTo == null) {
            return true;
        }
        for (Path step = folder.toAbsolutePath(); step != null; step = step.getParent()) {
            try {
                if (!Files.getPosixFilePermissions(step).contains(PosixFilePermission.OTHERS_EXECUTE)) {
                    return false;
                }
            } catch (IOException | UnsupportedOperationException e) {
                return false;
            }
        }
        return true;
    }

    String describe() {
        return switchTo == null ? "as " + new UnixSystem().getUsername() : "as " + switchTo;
    }

    private static boolean runningAsRoot() {
        return new UnixSystem().getUid() == 0;
    }

    private static boolean accountExists(String name) {
        return succeeds(List.of("id", "-u", name));
    }

    private static boolean succeeds(List<String> command) {
        try {
            Process process = ProcessSupervisor.startCommand(command, builder -> builder.redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD));
            if (!process.waitFor(TOOL_LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                return false;
            }
            return process.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
