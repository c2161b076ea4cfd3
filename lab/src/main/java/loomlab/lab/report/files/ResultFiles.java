package loomlab.lab.report.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import loomlab.core.result.RunResult;
import loomlab.lab.report.JsonFormat;
import loomlab.lab.report.MarkdownFormat;
import loomlab.lab.report.ReportFormat;
import loomlab.lab.report.html.HtmlFormat;

/** Writes every report format of a run into its folder, each file atomically. */
public final class ResultFiles {
    private final List<ReportFormat> formats;

    public ResultFiles(List<ReportFormat> formats) {
        this.formats = List.copyOf(formats);
    }

    public static ResultFiles standard() {
        return new ResultFiles(List.of(new JsonFormat(), new MarkdownFormat(), new HtmlFormat()));
    }

    public void write(RunResult run, Path dir) throws IOException {
        Files.createDirectories(dir);
        for (ReportFormat format : formats) {
            writeAtomically(dir.resolve(format.fileName()), format.render(run));
        }
    }

    /** A reader never sees half a file: the text goes to a temporary file that is then renamed. */
    public static void writeAtomically(Path target, String text) throws IOException {
        Path temporary = Files.createTempFile(target.toAbsolutePath().getParent(), "." + target.getFileName(), ".tmp");
        try {
            Files.writeString(temporary, text, StandardCharsets.UTF_8);
            try {
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
    }
}
