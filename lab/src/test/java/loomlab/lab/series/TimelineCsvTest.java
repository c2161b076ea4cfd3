package loomlab.lab.series;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import loomlab.core.arm.TimelinePoint;
import org.junit.jupiter.api.Test;

class TimelineCsvTest {
    @Test
    void writesOneLinePerSecondWithEmptyCellsForWhatCouldNotBeRead() {
        String csv = TimelineCsv.render(List.of(new TimelinePoint(1.0, 359.7564, 58.5, 0, 14.99, 64.859, 26L),
                new TimelinePoint(2.0004, 400, 56.0, 3, null, null, null)));
        assertEquals("""
                t_s,requests_per_second,p99_ms,errors,server_cpu_percent,server_rss_mb,server_threads
                1,359.756,58.5,0,14.99,64.859,26
                2,400,56,3,,,
                """, csv);
    }

    @Test
    void anEmptyTimelineIsJustTheHeader() {
        assertEquals(TimelineCsv.HEADER + "\n", TimelineCsv.render(List.of()));
    }
}
