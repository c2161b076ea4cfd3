package loomlab.lab.series;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistogramLogTest {
    @TempDir
    Path dir;

    @Test
    void histogramLogReaderReadsBackEveryIntervalAndEveryRequest() throws Exception {
        Path file = dir.resolve("arms").resolve("x.hlog");
        Histogram first = new Histogram(3);
        Histogram second = new Histogram(3);
        for (int i = 1; i <= 300; i++) {
            first.recordValue(TimeUnit.MILLISECONDS.toNanos(50 + i % 7));
        }
        for (int i = 1; i <= 120; i++) {
            second.recordValue(TimeUnit.MILLISECONDS.toNanos(1000 + i));
        }
        try (HistogramLog log = HistogramLog.create(file, 1_700_000_000_000L, "test arm")) {
            log.interval(0, 1, first);
            log.interval(1, 2, second);
        }
        long total = 0;
        int intervals = 0;
        double maxMillis = 0;
        HistogramLogReader reader = new HistogramLogReader(file.toFile());
        try {
            EncodableHistogram interval;
            while ((interval = reader.nextIntervalHistogram()) != null) {
                Histogram histogram = (Histogram) interval;
                total += histogram.getTotalCount();
                maxMillis = Math.max(maxMillis, histogram.getMaxValue() / 1e6);
                intervals++;
            }
            assertEquals(1_700_000_000.0, reader.getStartTimeSec(), 1e-3);
        } finally {
            reader.close();
        }
        assertEquals(2, intervals);
        assertEquals(420, total);
        assertTrue(maxMillis >= 1119 && maxMillis <= 1121, "max " + maxMillis);
    }
}
