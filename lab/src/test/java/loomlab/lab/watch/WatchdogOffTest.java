package loomlab.lab.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.OutputStream;
import java.io.PrintStream;
import loomlab.core.breakage.WatchReport;
import org.junit.jupiter.api.Test;

class WatchdogOffTest {
    @Test
    void aWatchdogThatIsOffReportsThatItDidNotWatchNotThatNothingBroke() {
        Watchdog off = Watchdog.off(new PrintStream(OutputStream.nullOutputStream()));
        assertFalse(off.hung());
        WatchReport report = off.report();
        assertEquals(WatchReport.NOT_WATCHED, report);
        assertFalse(report.watched());
        off.close();
        assertEquals(WatchReport.NOT_WATCHED, off.report(), "a second report, after closing, is the same");
    }
}
