package loomlab.tasks.os;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * This process's CPU time and resident memory as the Linux kernel counts them, i.e. what GNU
 * {@code time} printed for the seeds, read from inside the process. Elsewhere every read reports
 * why it is unavailable instead of guessing.
 */
public final class ProcSelf {
    private static final Path STAT = Path.of("/proc/self/stat");
    private static final Path STATUS = Path.of("/proc/self/status");
    /** USER_HZ on every mainstream Linux build; used only when getconf cannot be asked. */
    private static final long USUAL_CLOCK_TICKS = 100;

    private ProcSelf() {
    }

    /** Null when /proc/self is readable, else the reason it is not. */
    public static String unavailableReason() {
        if (!System.getProperty("os.name", "").toLowerCase().contains("linux")) {
            return "not Linux (" + System.getProperty("os.name") + "): /proc/self is not available";
        }
        if (!Files.isReadable(STAT) || !Files.isReadable(STATUS)) {
            return "/proc/self/stat or /proc/self/status is not readable";
        }
        return null;
    }

    public static CpuTicks cpuTicks() throws IOException {
        return CpuTicks.parseStat(Files.readString(STAT, StandardCharsets.US_ASCII));
    }

    public static MemoryStatus memory() throws IOException {
        return MemoryStatus.parseStatus(Files.readString(STATUS, StandardCharsets.US_ASCII));
    }

    /**
     * Clock ticks per second for the stat fields. Java has no sysconf, so ask getconf once; if
     * that fails, fall back to the usual value (the caller reports which one it used).
     */
    public static ClockTicks clockTicks() {
        try {
            Process getconf = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            try (InputStream output = getconf.getInputStream()) {
                String text = new String(output.readAllBytes(), StandardCharsets.US_ASCII).trim();
                if (getconf.waitFor(5, TimeUnit.SECONDS) && getconf.exitValue() == 0) {
                    return new ClockTicks(Long.parseLong(text), "getconf");
                }
            } finally {
                getconf.destroy();
            }
        } catch (IOException | NumberFormatException e) {
            // fall through to the usual value
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return new ClockTicks(USUAL_CLOCK_TICKS, "assumed");
    }

    /** Ticks per second and where the number came from ("getconf" or "assumed"). */
    public record ClockTicks(long perSecond, String source) {
    }
}
