package loomlab.lab.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/**
 * The host's TCP counters from Linux's {@code /proc/net/netstat}, for what no process reports of
 * itself: connections the kernel dropped because a listen backlog was full. A dropped SYN is sent
 * again by the client after its retransmission timeout (1 s, then 3 s), so a few overflows add whole
 * seconds to an arm that no thread model causes. The counters are the network namespace's, not one
 * socket's. Off Linux every reading is empty rather than invented.
 */
public final class HostTcp {
    private static final Path NETSTAT = Path.of("/proc/net/netstat");
    private static final String TCP_EXT = "TcpExt:";

    private HostTcp() {
    }

    /** {@code TcpExt ListenOverflows} so far: SYNs or handshakes dropped at a full accept queue. */
    public static OptionalLong listenOverflows() {
        try {
            return listenOverflowsIn(Files.readString(NETSTAT));
        } catch (IOException | UncheckedIOException | SecurityException e) {
            return OptionalLong.empty();
        }
    }

    /** The counter in the text of {@code /proc/net/netstat}: a line of names, then a line of values. */
    static OptionalLong listenOverflowsIn(String netstat) {
        List<String> tcpExt = netstat.lines().filter(line -> line.startsWith(TCP_EXT)).toList();
        if (tcpExt.size() < 2) {
            return OptionalLong.empty();
        }
        String[] names = tcpExt.get(0).trim().split("\\s+");
        String[] values = tcpExt.get(1).trim().split("\\s+");
        for (int i = 1; i < Math.min(names.length, values.length); i++) {
            if (names[i].equals("ListenOverflows")) {
                try {
                    return OptionalLong.of(Long.parseLong(values[i]));
                } catch (NumberFormatException e) {
                    return OptionalLong.empty();
                }
            }
        }
        return OptionalLong.empty();
    }

    /** What a counter rose by between two readings; null when either is missing. */
    public static Long rise(OptionalLong before, OptionalLong after) {
        return before.isPresent() && after.isPresent() ? after.getAsLong() - before.getAsLong() : null;
    }
}
