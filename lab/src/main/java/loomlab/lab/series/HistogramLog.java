package loomlab.lab.series;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * An HdrHistogram interval log ({@code .hlog}) of an arm's latencies: one histogram per interval,
 * as HistogramLogWriter writes them, so HistogramLogProcessor and the HdrHistogram plotting tools
 * read it. Latencies are recorded in nanoseconds; the log's max column is in milliseconds.
 */
public final class HistogramLog implements Closeable {
    /** Nanoseconds per millisecond: the unit ratio HistogramLogProcessor assumes by default. */
    static final double NANOS_PER_MILLI = 1_000_000.0;

    private final PrintStream out;
    private final HistogramLogWriter writer;

    private HistogramLog(PrintStream out, long startEpochMillis, String comment) {
        this.out = out;
        this.writer = new HistogramLogWriter(out);
        writer.outputComment(comment);
        writer.outputLogFormatVersion();
        writer.outputStartTime(startEpochMillis);
        writer.outputLegend();
    }

    /** Opens {@code file} (creating its folder) for a run that started measuring at {@code startEpochMillis}. */
    public static HistogramLog create(Path file, long startEpochMillis, String comment) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        OutputStream stream = Files.newOutputStream(file);
        return new HistogramLog(new PrintStream(stream, false, StandardCharsets.UTF_8),
                startEpochMillis, comment);
    }

    /** Writes one interval; the times are seconds from the start of measurement. */
    public synchronized void interval(double startSeconds, double endSeconds, Histogram latenciesNanos) {
        writer.outputIntervalHistogram(startSeconds, endSeconds, latenciesNanos, NANOS_PER_MILLI);
    }

    @Override
    public synchronized void close() throws IOException {
        writer.close();
        if (out.checkError()) {
            throw new IOException("could not write the histogram log");
        }
    }
}
