package loomlab.load;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * How many connections one run can open to one target on this machine: each takes a file
 * descriptor (within the soft limit on open files) and a local port (within the ephemeral range).
 * Asking for more would fail halfway, or exhaust memory first; it is refused before anything starts.
 *
 * @param openFiles     the soft limit on open files, or null when unknown
 * @param firstPort     the ephemeral port range's first port, or null when unknown
 * @param lastPort      its last port
 */
public record MachineLimits(Long openFiles, Integer firstPort, Integer lastPort) {
    /** Files the JVM keeps for itself (jars, selectors, logs, the server's own sockets) beside the connections. */
    static final int FILES_RESERVED = 256;
    private static final Path LIMITS = Path.of("/proc/self/limits");
    private static final Path PORT_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

    /** This machine's limits; unknown ones (off Linux) set no limit. */
    public static MachineLimits current() {
        OptionalLong files = read(LIMITS).map(MachineLimits::openFilesOf).orElse(OptionalLong.empty());
        int[] ports = read(PORT_RANGE).map(MachineLimits::portRangeOf).orElse(null);
        return new MachineLimits(files.isPresent() ? files.getAsLong() : null, ports == null ? null : ports[0],
                ports == null ? null : ports[1]);
    }

    /** The soft limit from {@code /proc/self/limits}'s "Max open files" line; empty when unlimited or absent. */
    static OptionalLong openFilesOf(String limits) {
        for (String line : limits.split("\n")) {
            if (line.startsWith("Max open files")) {
                String soft = line.substring("Max open files".length()).trim().split("\\s+")[0];
                return soft.equals("unlimited") ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(soft));
            }
        }
        return OptionalLong.empty();
    }

    /** The two numbers of {@code ip_local_port_range}, or null when it does not hold two. */
    static int[] portRangeOf(String range) {
        String[] parts = range.trim().split("\\s+");
        if (parts.length != 2) {
            return null;
        }
        return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1])};
    }

    /** The most connections to one target: the smaller of the open files left and the local ports. */
    public long maxConnectionsPerTarget() {
        long files = openFiles == null ? Long.MAX_VALUE : Math.max(0, openFiles - FILES_RESERVED);
        long ports = firstPort == null ? Long.MAX_VALUE : lastPort - firstPort + 1L;
        return Math.min(files, ports);
    }

    /** Refuses more connections than the machine allows, with one line saying where the limit comes from. */
    public void requireConnections(long connections) {
        long max = maxConnectionsPerTarget();
        if (connections <= max) {
            return;
        }
        String files = openFiles == null ? "" : "open files " + count(openFiles) + " less " + FILES_RESERVED
                + " the JVM keeps for itself";
        String ports = firstPort == null ? "" : "local ports " + firstPort + "-" + lastPort + " give "
                + count(lastPort - firstPort + 1L);
        throw new IllegalArgumentException(count(connections) + " connections to one target are more than this"
                + " machine allows: at most " + count(max) + " (" + files + (files.isEmpty() || ports.isEmpty() ? ""
                : "; ") + ports + ")");
    }

    private static String count(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    /** As a stream to its end: JDK 25's {@code Files.readString} returns one byte of a {@code /proc/sys} file. */
    private static Optional<String> read(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return Optional.of(new String(in.readAllBytes(), StandardCharsets.US_ASCII));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
