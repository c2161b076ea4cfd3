package loomlab.lab.process;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A HotSpot JVM's own performance counters, read from the file it keeps them in
 * ({@code /tmp/hsperfdata_USER/PID}, what {@code jstat} reads): the JIT's compiling time without
 * attaching to the JVM or starting a tool, so it can be read every few seconds of a warm-up at no
 * cost to the machine being measured. A JVM started with {@code -XX:-UsePerfData}, or that is no
 * HotSpot, has no such file: every reading is then empty, never invented.
 *
 * <p>The file's layout is HotSpot's {@code PerfDataPrologue} followed by {@code PerfDataEntry}
 * records ({@code perfMemory.hpp}); {@link #parse} reads only the long scalars, which is all the
 * lab needs.
 */
public final class PerfData {
    /** The prologue's magic number, stored big-endian whatever the buffer's order. */
    static final int MAGIC = 0xcafec0c0;
    /** Where HotSpot keeps the files: its own fixed temporary folder, not {@code java.io.tmpdir}. */
    static final Path ROOT = Path.of("/tmp");

    /** The JIT's compilations and their time so far. */
    public record Compilation(long compiles, double seconds) {
    }

    private PerfData() {
    }

    /** The compiling a JVM has done so far, or empty when its counters cannot be read. */
    public static Optional<Compilation> compilation(long pid) {
        return file(ROOT, pid).flatMap(PerfData::read).flatMap(PerfData::compilation);
    }

    /** The compiling the counters show: {@code java.ci.totalTime} in ticks of {@code sun.os.hrt.frequency}. */
    static Optional<Compilation> compilation(Map<String, Long> counters) {
        Long ticks = counters.get("java.ci.totalTime");
        Long frequency = counters.get("sun.os.hrt.frequency");
        Long compiles = counters.get("sun.ci.totalCompiles");
        if (ticks == null || frequency == null || frequency <= 0) {
            return Optional.empty();
        }
        return Optional.of(new Compilation(compiles == null ? 0 : compiles, ticks / (double) frequency));
    }

    /** The counters file of {@code pid} under {@code root}, whichever user's folder holds it. */
    static Optional<Path> file(Path root, long pid) {
        try (DirectoryStream<Path> folders = Files.newDirectoryStream(root, "hsperfdata_*")) {
            for (Path folder : folders) {
                Path candidate = folder.resolve(Long.toString(pid));
                if (Files.isRegularFile(candidate)) {
                    return Optional.of(candidate);
                }
            }
        } catch (IOException | SecurityException e) {
            // no folder to read: no counters
        }
        return Optional.empty();
    }

    private static Optional<Map<String, Long>> read(Path file) {
        try {
            return parse(ByteBuffer.wrap(Files.readAllBytes(file)));
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    /**
     * Every long scalar counter of a performance-data buffer by name, or empty when the buffer is not one
     * (wrong magic, or a layout that runs past its end: a JVM still writing its prologue).
     */
    static Optional<Map<String, Long>> parse(ByteBuffer buffer) {
        try {
            if (buffer.order(ByteOrder.BIG_ENDIAN).getInt(0) != MAGIC) {
                return Optional.empty();
            }
            buffer.order(buffer.get(4) == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
            int offset = buffer.getInt(24);
            int entries = buffer.getInt(28);
            Map<String, Long> counters = new HashMap<>();
            for (int i = 0; i < entries && offset > 0 && offset < buffer.limit(); i++) {
                int length = buffer.getInt(offset);
                int nameOffset = buffer.getInt(offset + 4);
                int vectorLength = buffer.getInt(offset + 8);
                byte type = buffer.get(offset + 12);
                int dataOffset = buffer.getInt(offset + 16);
                if (length <= 0) {
                    break;
                }
                if (vectorLength == 0 && type == 'J') {
                    counters.put(name(buffer, offset + nameOffset), buffer.getLong(offset + dataOffset));
                }
                offset += length;
            }
            return Optional.of(counters);
        } catch (IndexOutOfBoundsException e) {
            return Optional.empty();
        }
    }

    /** A counter's name: ASCII up to its terminating zero. */
    private static String name(ByteBuffer buffer, int at) {
        int end = at;
        while (buffer.get(end) != 0) {
            end++;
        }
        byte[] bytes = new byte[end - at];
        buffer.get(at, bytes);
        return new String(bytes, StandardCharsets.US_ASCII);
    }
}
