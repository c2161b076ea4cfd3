package loomlab.lab.connections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the lab reads from the connections server, its client and /proc, from fixed text. */
class ConnectionsOutputTest {
    @Test
    void progressLinesAreReadAndOtherLinesIgnored() {
        String log = """
                progress elapsed_ms=250 opened=2400 attempted=2500 errors=0 phase=ramp
                a JVM warning
                progress elapsed_ms=1250 opened=10000 attempted=10000 errors=3 phase=hold
                """;
        List<ClientOutput.Progress> lines = ClientOutput.progress(log);
        assertEquals(2, lines.size());
        assertEquals(new ClientOutput.Progress(250, 2_400, 2_500, 0, "ramp"), lines.getFirst());
        assertTrue(lines.getFirst().opening());
        assertTrue(lines.get(1).holding());
        assertEquals(3, lines.get(1).errors());
    }

    @Test
    void theResultIsTheLastHoldLineAndItsAbsenceIsAnError() throws IOException {
        String log = "progress elapsed_ms=1 opened=1 attempted=1 errors=0 phase=hold\n"
                + "{\"program\":\"hold\",\"connections_held\":7}\n";
        assertEquals(7, ClientOutput.result(log).path("connections_held").asInt());
        IOException none = assertThrows(IOException.class, () -> ClientOutput.result("progress only\n"));
        assertEquals("the connections client printed no result line", none.getMessage());
    }

    @Test
    void theServersLimitLineGivesTheErrorAndTheConnectionsOpenWhenItBit() {
        ConnectionsArmRunner.ServerLimit limit = ConnectionsArmRunner.ServerLimit.from("""
                listening ports=40001
                limit where=thread accepted=8123 open=8122 error=OutOfMemoryError: unable to create native thread: possibly out of memory or process/resource limits reached
                """).orElseThrow();
        assertEquals("thread", limit.where());
        assertEquals(8_122, limit.accepted());
        assertTrue(limit.error().startsWith("OutOfMemoryError: unable to create native thread"));
        assertFalse(ConnectionsArmRunner.ServerLimit.from("listening ports=40001\n").isPresent());
    }

    @Test
    void socketMemoryIsTheTcpLinesPagesInKilobytes() {
        String sockstat = """
                sockets: used 20011
                TCP: inuse 20004 orphan 0 tw 0 alloc 20005 mem 313
                UDP: inuse 0 mem 0
                """;
        assertEquals(1_252.0, ConnectionsArmRunner.SocketMemory.parse(sockstat));
        assertNull(ConnectionsArmRunner.SocketMemory.parse("sockets: used 1\n"));
    }

    @Test
    void theHardFileLimitAndTheTasksInUseAreReadFromProc() {
        String limits = """
                Limit                     Soft Limit           Hard Limit           Units
                Max processes             96364                96364                processes
                Max open files            1024                 20000                files
                """;
        assertEquals(20_000L, LimitsProbe.hardOpenFiles(limits));
        assertNull(LimitsProbe.hardOpenFiles("Max open files            unlimited            unlimited  files\n"));
        assertEquals(412L, LimitsProbe.tasksInUse("0.52 0.61 0.70 3/412 12345\n"));
        assertNull(LimitsProbe.tasksInUse("garbage"));
    }

    @Test
    void oneServerPortPerFiftyThousandConnections() {
        assertEquals(1, ConnectionsArmRunner.ports(1));
        assertEquals(1, ConnectionsArmRunner.ports(50_000));
        assertEquals(2, ConnectionsArmRunner.ports(50_001));
        assertEquals(20, ConnectionsArmRunner.ports(1_000_000));
    }
}
