package loomlab.lab.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.UncheckedIOException;
import loomlab.core.result.RunResult;

/** results.json: the machine-readable record of a run (schema in the README). */
public final class JsonFormat implements ReportFormat {
    @Override
    public String fileName() {
        return "results.json";
    }

    @Override
    public String render(RunResult run) {
        try {
            return Json.mapper().writeValueAsString(run) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
