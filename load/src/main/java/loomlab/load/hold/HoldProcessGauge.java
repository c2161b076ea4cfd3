package loomlab.load.hold;

import com.sun.management.OperatingSystemMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The client's own CPU time and resident memory: a client that is itself short of CPU or memory
 * would make the server look worse than it is, so it reports what it used.
 *
 * <p>The status file is opened once, before the connections: a run that exhausts the client's
 * open files (an outcome this experiment must report) could not open it afterwards. Reading it
 * again from offset 0 makes the kernel generate fresh figures.
 */
final class HoldProcessGauge implements AutoCloseable {
    private static final Path STATUS = Path.of("/proc/self/status");

    /** Null off Linux. */
    private final FileChannel status;
    private final ByteBuffer buffer = ByteBuffer.allocate(16 * 1024);

    private HoldProcessGauge(FileChannel status) {
        this.status = status;
    }

    static HoldProcessGauge open() {
        try {
            return new HoldProcessGauge(FileChannel.open(STATUS));
        } catch (IOException | RuntimeException e) {
            return new HoldProcessGauge(null);
        }
    }

    /** CPU time of the whole process so far in nanoseconds, or null when the platform does not tell. */
    static Long cpuNanos() {
        // The MXBean reads the kernel's nanosecond counters; ProcessHandle only has clock ticks.
        if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
            long nanos = os.getProcessCpuTime();
            if (nanos >= 0) {
                return nanos;
            }
        }
        return ProcessHandle.current().info().totalCpuDuration().map(Duration::toNanos).orElse(null);
    }

    /** Resident memory now in MiB, or null when unknown. */
    Double rssMegabytes() {
        if (status == null) {
            return null;
        }
        try {
            buffer.clear();
            for (int read; buffer.hasRemaining() && (read = status.read(buffer, buffer.position())) > 0; ) {
                buffer.position(buffer.position() + read);
            }
            return rssMegabytesOf(new String(buffer.array(), 0, buffer.position(), StandardCharsets.US_ASCII));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The {@code VmRSS:} line of a status file, in MiB; null when the line is absent. */
    static Double rssMegabytesOf(String status) {
        for (String line : status.split("\n")) {
            if (line.startsWith("VmRSS:")) {
                String[] words = line.substring("VmRSS:".length()).trim().split("\\s+");
                return Long.parseLong(words[0]) / 1024.0; // the kernel always reports kB
            }
        }
        return null;
    }

    @Override
    public void close() {
        try {
            if (status != null) {
                status.close();
            }
        } catch (IOException ignored) {
            // a read-only file: nothing is lost
        }
    }
}
