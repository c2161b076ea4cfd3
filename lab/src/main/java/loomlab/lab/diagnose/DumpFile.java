package loomlab.lab.diagnose;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import loomlab.core.BadInput;
import loomlab.core.breakage.ThreadDump;
import loomlab.core.breakage.ThreadPrint;
import loomlab.lab.process.ToolJson;
import loomlab.lab.watch.ThreadDumpJson;

/**
 * A JSON thread dump read from a file ({@code jcmd PID Thread.dump_to_file -format=json FILE}), with the
 * process it states (its time is the dump's own, {@link ThreadDump#time()}) and the CPU times of a
 * Thread.print kept beside it, when there is one.
 *
 * @param pid the dump's {@code processId}, or null when absent
 */
record DumpFile(Path path, ThreadDump dump, Long pid) {
    /** @throws BadInput for a file that is missing, unreadable, or not a JSON thread dump */
    static DumpFile read(Path path) {
        String text;
        try {
            text = Files.readString(path);
        } catch (NoSuchFileException e) {
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
            head = ToolJson.read(text).path("threadDump");
        } catch (IOException e) {
            throw new BadInput(path + ": not a JSON thread dump");
        }
        Long pid = head.path("processId").asText("").matches("\\d+") ? Long.valueOf(head.path("processId").asText())
                : null;
        return new DumpFile(path, dump.withCpuMs(cpuBeside(path)), pid);
    }

    /**
     * The CPU times of the {@code jcmd PID Thread.print} kept beside a dump, as {@code diagnose --pid} keeps
     * them ({@code dump-1.threads.json} and {@code dump-1.print.txt}; {@code x.json} and {@code x.print.txt}):
     * read offline, the dumps then say what they said live. Empty when there is none or it cannot be read.
     */
    static Map<String, Double> cpuBeside(Path dump) {
        String name = dump.getFileName().toString();
        String stem = name.replaceFirst("(\\.threads)?\\.json$", "");
        if (stem.equals(name)) {
            return Map.of();
        }
        Path print = dump.resolveSibling(stem + ".print.txt");
        try {
            return Files.isRegularFile(print) ? ThreadPrint.cpuMs(Files.readString(print)) : Map.of();
        } catch (IOException e) {
            return Map.of();
        }
    }
}
