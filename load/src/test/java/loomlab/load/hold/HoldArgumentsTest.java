package loomlab.load.hold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class HoldArgumentsTest {

    private static String rejection(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> HoldArguments.parse(args)).getMessage();
    }

    @Test
    void theRequiredOptionsAloneTakeTheDefaults() {
        HoldSpec spec = HoldArguments.parse("--ports", "9000", "--connections", "20000");
        assertEquals("127.0.0.1", spec.host());
        assertEquals(List.of(9000), spec.ports());
        assertEquals(20_000, spec.connections());
        assertEquals(10_000, spec.connectRate());
        assertEquals(Duration.ofMillis(5_000), spec.interval());
        assertEquals(Duration.ZERO, spec.settle());
        assertEquals(Duration.ofSeconds(10), spec.hold());
        assertEquals(512, spec.maxConnecting());
        assertEquals(100, spec.stopAfterErrors());
    }

    @Test
    void readsEveryOption() {
        HoldSpec spec = HoldArguments.parse("--host", "localhost", "--ports", "9000,9001, 9002", "--connections",
                "1_000_000", "--connect-rate", "2500", "--interval-ms", "10", "--settle-s", "3", "--hold-s", "60", "--max-connecting",
                "64", "--stop-after-errors", "1");
        assertEquals("localhost", spec.host());
        assertEquals(List.of(9000, 9001, 9002), spec.ports());
        assertEquals(1_000_000, spec.connections());
        assertEquals(2_500, spec.connectRate());
        assertEquals(Duration.ofMillis(10), spec.interval());
        assertEquals(Duration.ofSeconds(3), spec.settle());
        assertEquals(Duration.ofSeconds(60), spec.hold());
        assertEquals(64, spec.maxConnecting());
        assertEquals(1, spec.stopAfterErrors());
    }

    @Test
    void namesTheMissingRequiredOption() {
        assertEquals("--ports is required: port numbers between 1 and 65535, separated by commas",
                rejection("--connections", "10"));
        assertEquals("--connections is required: a whole number between 1 and 1000000", rejection("--ports", "1"));
    }

    @Test
    void namesTheOptionAndItsRangeForEachBadValue() {
        assertEquals("--connections needs a whole number between 1 and 1000000, got 0",
                rejection("--ports", "1", "--connections", "0"));
        assertEquals("--connections needs a whole number between 1 and 1000000, got 1000001",
                rejection("--ports", "1", "--connections", "1000001"));
        assertEquals("--connections needs a whole number between 1 and 1000000, got 'many'",
                rejection("--ports", "1", "--connections", "many"));
        assertEquals("--connect-rate needs a whole number between 1 and 1000000, got 0",
                rejection("--ports", "1", "--connections", "1", "--connect-rate", "0"));
        assertEquals("--interval-ms needs a whole number between 10 and 3600000, got 9",
                rejection("--ports", "1", "--connections", "1", "--interval-ms", "9"));
        assertEquals("--settle-s needs a whole number between 0 and 3600, got 3601",
                rejection("--ports", "1", "--connections", "1", "--settle-s", "3601"));
        assertEquals("--hold-s needs a whole number between 1 and 86400, got 0",
                rejection("--ports", "1", "--connections", "1", "--hold-s", "0"));
        assertEquals("--max-connecting needs a whole number between 1 and 1000000, got -3",
                rejection("--ports", "1", "--connections", "1", "--max-connecting", "-3"));
        assertEquals("--stop-after-errors needs a whole number between 1 and 1000000, got '1.5'",
                rejection("--ports", "1", "--connections", "1", "--stop-after-errors", "1.5"));
        assertEquals("--ports needs port numbers between 1 and 65535, separated by commas, got '80,70000'",
                rejection("--ports", "80,70000", "--connections", "1"));
        assertEquals("--ports needs port numbers between 1 and 65535, separated by commas, got '80,'",
                rejection("--ports", "80,", "--connections", "1"));
        assertEquals("--host needs a host name or address, got ' '",
                rejection("--host", " ", "--ports", "1", "--connections", "1"));
    }

    @Test
    void explainsMalformedCommandLines() {
        assertEquals("--connections needs a value: a whole number between 1 and 1000000",
                rejection("--ports", "1", "--connections"));
        assertEquals("unknown option '--rate' (valid: --host, --ports, --connections, --connect-rate, --interval-ms,"
                + " --settle-s, --hold-s, --max-connecting, --stop-after-errors)", rejection("--rate", "5"));
        assertEquals("unexpected argument '9000' (options: --host, --ports, --connections, --connect-rate,"
                + " --interval-ms, --settle-s, --hold-s, --max-connecting, --stop-after-errors)", rejection("9000"));
        assertEquals("--ports is given twice", rejection("--ports", "1", "--ports", "2"));
    }

    @Test
    void theSpecRefusesTheSameValuesWhenBuiltInCode() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HoldSpec.builder().ports(9000).connections(1).interval(Duration.ofMillis(5)).build());
        assertEquals("--interval-ms needs a whole number between 10 and 3600000, got 5", e.getMessage());
        assertEquals("--ports is required: port numbers between 1 and 65535, separated by commas",
                assertThrows(IllegalArgumentException.class, () -> HoldSpec.builder().connections(1).build()).getMessage());
    }
}
