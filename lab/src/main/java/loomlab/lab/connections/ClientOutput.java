package loomlab.lab.connections;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import loomlab.lab.process.ToolJson;

/** Reads the connections client's log: its progress lines and its one JSON result line. */
final class ClientOutput {
    static final String RESULT_START = "{\"program\":\"hold\",";
    private static final Pattern PROGRESS = Pattern.compile(
            "^progress elapsed_ms=(\\d+) opened=(\\d+) attempted=(\\d+) errors=(\\d+) phase=(\\w+)$");

    private ClientOutput() {
    }

    /**
     * One progress line: connections open now, and the client's phase: opening them ({@code ramp}),
     * messaging unmeasured while the lab collects the server ({@code settle}), or measured ({@code hold}).
     */
    record Progress(long elapsedMs, int opened, int attempted, long errors, String phase) {
        boolean opening() {
            return phase.equals("ramp");
        }

        boolean settling() {
            return phase.equals("settle");
        }

        boolean holding() {
            return phase.equals("hold");
        }
    }

    static List<Progress> progress(String log) {
        return log.lines().map(PROGRESS::matcher).filter(Matcher::matches)
                .map(m -> new Progress(Long.parseLong(m.group(1)), Integer.parseInt(m.group(2)),
                        Integer.parseInt(m.group(3)), Long.parseLong(m.group(4)), m.group(5)))
                .toList();
    }

    static JsonNode result(String log) throws IOException {
        List<String> results = log.lines().filter(line -> line.startsWith(RESULT_START)).toList();
        if (results.isEmpty()) {
            throw new IOException("the connections client printed no result line");
        }
        return ToolJson.read(results.getLast());
    }
}
