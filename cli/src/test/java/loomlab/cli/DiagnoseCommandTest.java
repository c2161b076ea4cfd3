package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code loomlab diagnose}'s bad input: one line, exit code 2, and nothing left behind (the folder of
 * {@code --out} is not made).
 */
class DiagnoseCommandTest {
    private static final Path FIXTURES = CliProcess.HOME.resolve("lab/src/test/resources/thread-dumps");

    @TempDir
    Path dir;

    private void refused(String expected, String... args) {
        Path out = dir.resolve("never");
        String[] all = new String[args.length + 3];
        all[0] = "diagnose";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "--out";
        all[args.length + 2] = out.toString();
        CliRun.of(all).assertRefused(expected);
        assertFalse(Files.exists(out), "nothing left behind: " + out);
    }

    @Test
    void neitherAPidNorDumps() {
        refused("give --pid PID to watch a running JVM, or DUMP.json files to read");
    }

    @Test
    void aMissingFileAndAFileThatIsNoThreadDump() throws IOException {
        Path missing = dir.resolve("missing.json");
        refused(missing + ": no such file", missing.toString());
        Path notes = Files.writeString(dir.resolve("notes.txt"), "not json");
        refused(notes + ": not a JSON thread dump", notes.toString());
        Path otherJson = Files.writeString(dir.resolve("other.json"), "{\"threads\": []}");
        refused(otherJson + ": not a JSON thread dump: no threadDump.threadContainers", otherJson.toString());
        Path dump = FIXTURES.resolve("jdk21/healthy-1.json");
        refused("--jfr " + notes + ": not a flight recording", dump.toString(), "--jfr", notes.toString());
        refused("--jfr " + missing + ": no such file", dump.toString(), "--jfr", missing.toString());
    }

    @Test
    void dumpsOfTwoJvmsAtOnce() {
        refused("the dumps are of 2 processes", FIXTURES.resolve("jdk21/healthy-1.json").toString(),
                FIXTURES.resolve("jdk25/healthy-1.json").toString());
    }

    @Test
    void secondsOutsideOneToSixHundred() {
        refused("'0' must be a whole number from 1 to 600", "--pid", "1", "--seconds", "0");
        refused("'601' must be a whole number from 1 to 600", "--pid", "1", "--seconds", "601");
        refused("'-3' must be a whole number from 1 to 600", "--pid", "1", "--seconds", "-3");
    }

    @Test
    void optionsThatBelongToTheOtherWay() {
        String dump = FIXTURES.resolve("jdk21/healthy-1.json").toString();
        refused("give --pid or dump files, not both", "--pid", "1", dump);
        refused("--seconds goes with --pid", "--seconds", "5", dump);
        refused("--jfr goes with dump files", "--pid", "1", "--jfr", dump);
        refused("--class-path goes with dump files", "--pid", "1", "--class-path", "a.jar");
    }

    @Test
    void aPidThatIsNoRunningProcess() {
        refused("--pid 2147483000: no process 2147483000 is running", "--pid", "2147483000");
        refused("--pid " + ProcessHandle.current().pid() + ": that is loomlab itself", "--pid",
                Long.toString(ProcessHandle.current().pid()));
    }
}
