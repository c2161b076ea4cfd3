package loomlab.lab.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** /proc/net/netstat read from captured text: nothing is read from this machine. */
class HostTcpTest {
    private static final String NETSTAT = """
            TcpExt: SyncookiesSent SyncookiesRecv ListenOverflows ListenDrops TCPFastOpenListenOverflow
            TcpExt: 611 1347 9843 9843 0
            IpExt: InNoRoutes ListenOverflows
            IpExt: 0 5
            """;

    @Test
    void readsListenOverflowsFromTheTcpExtLines() {
        assertEquals(OptionalLong.of(9843), HostTcp.listenOverflowsIn(NETSTAT));
    }

    @Test
    void aMissingOrMalformedCounterIsEmptyNotZero() {
        assertEquals(OptionalLong.empty(), HostTcp.listenOverflowsIn("TcpExt: SyncookiesSent\nTcpExt: 1\n"));
        assertEquals(OptionalLong.empty(), HostTcp.listenOverflowsIn("TcpExt: ListenOverflows\n"));
        assertEquals(OptionalLong.empty(), HostTcp.listenOverflowsIn("TcpExt: ListenOverflows\nTcpExt: x\n"));
        assertEquals(OptionalLong.empty(), HostTcp.listenOverflowsIn(""));
    }

    @Test
    void theRiseIsTheDifferenceOrNullWhenEitherReadingIsMissing() {
        assertEquals(299L, HostTcp.rise(OptionalLong.of(9843), OptionalLong.of(10142)));
        assertNull(HostTcp.rise(OptionalLong.empty(), OptionalLong.of(10142)));
        assertNull(HostTcp.rise(OptionalLong.of(9843), OptionalLong.empty()));
    }
}
