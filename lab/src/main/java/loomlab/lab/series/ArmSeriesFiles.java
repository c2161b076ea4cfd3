package loomlab.lab.series;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import loomlab.core.arm.TimelinePoint;

/**
 * Writes an HTTP arm's time series beside its results as CSV (its interval histogram log is
 * written by {@link IntervalLogListener} while it runs). A file that cannot be written is reported
 * on the console and does not fail the arm, whose figures are already measured.
 */
public final class ArmSeriesFiles {
    private ArmSeriesFiles() {
    }

    public static void writeCsv(Path file, List<TimelinePoint> timeline, PrintStream console) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, TimelineCsv.render(timeline));
        } catch (IOException e) {
            console.println("    could not write " + file + ": " + e.getMessage());
        }
    }
}
