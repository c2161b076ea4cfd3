package loomlab.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadReportTest {

    private static LoadResult result(Double cpuSeconds, Double utilisation) {
        return new LoadResult(12_345, 10.0, 1_234.5, new LatencySummary(1.5, 1.25, 2.5, 9.75, 12.0, 15.125),
                new LatencySummary(1, 1, 2, 3, 4, 5), new ErrorCounts(1, 2, 3, 4), 6, 7, 890,
                cpuSeconds, utilisation, utilisation != null && utilisation > 0.9, List.of(), Histograms.create(), 0, List.of());
    }

    @Test
    void theTableShowsEveryFigureOfTheRun() {
        LoadSpec spec = LoadSpec.builder("http://127.0.0.1:8080/hello").connections(50).duration(Duration.ofSeconds(10))
                .warmup(Duration.ofSeconds(2)).build();
        String table = LoadReport.table(result(4.5, 0.45), spec);
        assertTrue(table.contains("http://127.0.0.1:8080/hello  (closed model, 50 users, keep-alive, 10s, warm-up 2s)"), table);
        assertTrue(table.contains("12,345 completed in 10.00 s  (890 warm-up requests not measured)"), table);
        assertTrue(table.contains("1,234.5 req/s"), table);
        assertTrue(table.contains("  sent             1.000     1.000     2.000     3.000     4.000     5.000"), table);
        assertTrue(table.contains("from the actual send"), table);
        assertTrue(!table.contains("intended") && !table.contains("corrected"),
                "a closed model has no intended send time to correct to: " + table);
        assertTrue(table.contains("10  (connect 1, timeout 2, status 3, protocol 4)"), table);
        assertTrue(table.contains("Late sends    6  (sent over 1 ms after their user was ready)"), table);
        assertTrue(table.contains("4.50 s, 45 % of 1 io thread\n"), table);
        assertTrue(!table.contains("SATURATED") && !table.contains("In-flight cap"), table);
    }

    @Test
    void theOpenModelShowsItsCapAndASaturatedGeneratorIsFlagged() {
        LoadSpec spec = LoadSpec.builder("http://127.0.0.1:8080/").rate(500).connections(8).maxInFlight(100)
                .requests(1_000).keepAlive(false).build();
        String table = LoadReport.table(result(9.5, 0.95), spec);
        assertTrue(table.contains("(open model, 500 req/s, 8 connections up front, new connection per request, 1,000 requests)"), table);
        assertTrue(table.contains("7 arrivals waited at the cap of 100"), table);
        assertTrue(table.contains("  intended         1.500     1.250     2.500     9.750    12.000    15.125"), table);
        assertTrue(table.contains("  sent             1.000     1.000     2.000     3.000     4.000     5.000"), table);
        assertTrue(table.contains("coordinated-omission corrected"), table);
        assertTrue(table.contains("after their scheduled time"), table);
        assertTrue(table.contains("95 % of 1 io thread  SATURATED"), table);
    }

    @Test
    void unknownCpuTimeIsSaidSo() {
        LoadSpec spec = LoadSpec.builder("http://h/").requests(1).build();
        assertTrue(LoadReport.table(result(null, null), spec).contains("Generator CPU n/a"));
    }

    @Test
    void theProgressLineFitsOnOneTerminalLine() {
        String line = ProgressLine.format(new IntervalSnapshot(3.0, 51_234, 51_234.0, 0.8, 1.234, 9.0, 2));
        assertEquals("    3.0 s      51,234.0 req/s  p99     1.234 ms  errors 2", line);
    }
}
