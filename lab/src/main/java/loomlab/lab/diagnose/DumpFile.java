package loomlab.lab.diagnose;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import loomlab.core.BadInput;
import loomlab.core.breakage.ThreadDump;
import loomlab.lab.report.Json;
import loomlab.lab.watch.ThreadDumpJson;

/**
 * A JSON thread dump read from a file ({@code jcmd PID Thread.dump_to_file -format=json FILE}), with the
 * process it states (its time is the dump's own, {@link ThreadDump#time()}).
 *
 * @param pid the dump's {@code processId}, or null when absent
 */
record DumpFile(Path path, ThreadDump dump, Long pid) {
    /** @throws BadInput for a file that is missing, unreadable, or not a JSON thread dump */
    static DumpFile read(Path path) {
        String text;
        try {
            text = Files.readString(path);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new BadInput(path + ": no such file");
        } catch (IOException e) {
            throw new BadInput(path + ": cannot read it (" + e.getMessage() + ")");
        }
        ThreadDump dump;
        try {
            dump = ThreadDumpJson.parse(text);
        } catch (IllegalArgumentException e) {
            throw new BadInput(path + ": " + e.getMessage() + " (make one with jcmd PID Thread.dump_to_file"
                    + " -format=json FILE)");
        }
        JsonNode head;
        try {
            head = Json.mapper().readTree(text).path("threadDump");
        } catch (IOException e) {
            throw new BadInput(path + ": not a JSON thread dump");
        }
        Long pid = head.path("processId").asText("").matches("\\d+") ? Long.valueOf(head.path("processId").asText())
                : null;
        return new DumpFile(path, dump, pid);
    }
}
