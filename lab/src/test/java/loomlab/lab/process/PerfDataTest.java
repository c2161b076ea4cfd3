package loomlab.lab.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PerfDataTest {
    /** A buffer laid out as HotSpot's perfMemory.hpp: a 32-byte prologue, then one entry per counter. */
    static ByteBuffer buffer(ByteOrder order, Map<String, Long> longs, Map<String, String> strings) {
        ByteBuffer buffer = ByteBuffer.allocate(4096).order(ByteOrder.BIG_ENDIAN);
        buffer.putInt(0, PerfData.MAGIC);
        buffer.order(order);
        buffer.put(4, (byte) (order == ByteOrder.BIG_ENDIAN ? 0 : 1));
        buffer.putInt(24, 32);
        buffer.putInt(28, longs.size() + strings.size());
        int at = 32;
        for (Map.Entry<String, Long> counter : longs.entrySet()) {
            at = entry(buffer, at, counter.getKey(), 'J', 0, b -> b.putLong(counter.getValue()));
        }
        for (Map.Entry<String, String> text : strings.entrySet()) {
            byte[] bytes = text.getValue().getBytes(StandardCharsets.US_ASCII);
            at = entry(buffer, at, text.getKey(), 'B', bytes.length, b -> b.put(bytes));
        }
        return buffer;
    }

    private static int entry(ByteBuffer buffer, int at, String name, char type, int vector,
                             java.util.function.Consumer<ByteBuffer> data) {
        byte[] bytes = (name + "\0").getBytes(StandardCharsets.US_ASCII);
        int nameOffset = 20;
        int dataOffset = (nameOffset + bytes.length + 7) / 8 * 8;
        int length = dataOffset + Math.max(8, vector) + 8;
        buffer.putInt(at, length).putInt(at + 4, nameOffset).putInt(at + 8, vector).put(at + 12, (byte) type)
                .putInt(at + 16, dataOffset);
        buffer.put(at + nameOffset, bytes);
        data.accept(buffer.position(at + dataOffset));
        buffer.position(0);
        return at + length;
    }

    private static Map<String, Long> counters(long ticks, long compiles) {
        Map<String, Long> counters = new LinkedHashMap<>();
        counters.put("sun.os.hrt.frequency", 1_000_000_000L);
        counters.put("sun.ci.totalCompiles", compiles);
        counters.put("java.ci.totalTime", ticks);
        return counters;
    }

    @Test
    void readsTheLongCountersInEitherByteOrder() {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            Map<String, Long> read = PerfData.parse(buffer(order, counters(2_500_000_000L, 1153),
                    Map.of("sun.ci.lastMethod", "java/lang/String startsWith"))).orElseThrow();
            assertEquals(counters(2_500_000_000L, 1153), read, "the string counter is left out, in " + order);
            assertEquals(new PerfData.Compilation(1153, 2.5), PerfData.compilation(read).orElseThrow());
        }
    }

    @Test
    void aBufferThatIsNoPerformanceDataReadsAsNothing() {
        assertEquals(Optional.empty(), PerfData.parse(ByteBuffer.wrap(new byte[64])), "no magic");
        ByteBuffer cut = buffer(ByteOrder.LITTLE_ENDIAN, counters(1, 1), Map.of());
        assertEquals(Optional.empty(), PerfData.parse(ByteBuffer.wrap(cut.array(), 0, 40).slice()),
                "entries past the end");
        assertEquals(Optional.empty(), PerfData.compilation(Map.of("sun.ci.totalCompiles", 3L)),
                "no compile time, no frequency");
    }

    @Test
    void findsTheFileOfAPidInAnyUsersFolder(@TempDir Path root) throws Exception {
        Files.createDirectories(root.resolve("hsperfdata_someone"));
        Files.createDirectories(root.resolve("hsperfdata_other"));
        Path file = Files.write(root.resolve("hsperfdata_other").resolve("4242"), new byte[] {1});
        assertEquals(Optional.of(file), PerfData.file(root, 4242));
        assertEquals(Optional.empty(), PerfData.file(root, 4243));
    }

    @Test
    void readsThisJvmsOwnCompiling() {
        // The test's own JVM keeps its counters unless started with -XX:-UsePerfData.
        boolean kept = !java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()
                .contains("-XX:-UsePerfData");
        Optional<PerfData.Compilation> own = PerfData.compilation(ProcessHandle.current().pid());
        assertEquals(kept, own.isPresent());
        own.ifPresent(c -> assertTrue(c.compiles() > 0 && c.seconds() > 0, c.toString()));
        assertEquals(Optional.empty(), PerfData.compilation(Long.MAX_VALUE), "no such process");
    }
}
