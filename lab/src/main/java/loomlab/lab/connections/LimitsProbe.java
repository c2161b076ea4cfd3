package loomlab.lab.connections;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import loomlab.core.connections.ConnectionLimits;

/** The limits in force, read from /proc just before an arm; an unreadable one is left unknown. */
final class LimitsProbe {
    private LimitsProbe() {
    }

    /** @param fileLimit the open-files limit the arm sets on its processes, or null for the hard limit */
    static ConnectionLimits read(Integer fileLimit) {
        Long files = fileLimit != null ? Long.valueOf(fileLimit) : hardOpenFiles(text(Path.of("/proc/self/limits")));
        return new ConnectionLimits(files, number("/proc/sys/kernel/pid_max"), number("/proc/sys/kernel/threads-max"),
                tasksInUse(text(Path.of("/proc/loadavg"))), number("/proc/sys/vm/max_map_count"));
    }

    /** The hard limit of {@code /proc/self/limits}'s "Max open files" line: what a child may raise its own to. */
    static Long hardOpenFiles(String limits) {
        if (limits == null) {
            return null;
        }
        for (String line : limits.split("\n")) {
            if (line.startsWith("Max open files")) {
                String[] values = line.substring("Max open files".length()).trim().split("\\s+");
                return values.length < 2 || values[1].equals("unlimited") ? null : Long.parseLong(values[1]);
            }
        }
        return null;
    }

    /** The fourth field of /proc/loadavg, {@code running/total}: the kernel's tasks now. */
    static Long tasksInUse(String loadavg) {
        if (loadavg == null) {
            return null;
        }
        String[] fields = loadavg.trim().split("\\s+");
        if (fields.length < 4 || !fields[3].contains("/")) {
            return null;
        }
        return Long.parseLong(fields[3].substring(fields[3].indexOf('/') + 1));
    }

    private static Long number(String file) {
        String value = text(Path.of(file));
        try {
            return value == null ? null : Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * Read as a stream to its end: JDK 25's {@code Files.readString} returns only the first byte of a
     * {@code /proc/sys} file (which reports a size of 0), e.g. "3" for a pid_max of 32768.
     */
    static String text(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            return null;
        }
    }
}
