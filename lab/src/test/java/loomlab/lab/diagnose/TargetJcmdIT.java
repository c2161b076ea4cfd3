package loomlab.lab.diagnose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A jcmd whose answer is longer than a pipe holds (a Thread.print of a pool grown to 200 threads is):
 * read whole, and within the limit. It used to be read only after jcmd ended, which it could not while
 * its output waited unread, so the call ran out its 15 s and the answer was lost.
 */
class TargetJcmdIT {
    @TempDir
    Path dir;

    @Test
    void anAnswerLongerThanAPipeHoldsIsReadWhole() throws Exception {
        Path jcmd = dir.resolve("jcmd");
        // "PID:" first, as jcmd prints it, then 300,000 bytes: 30,000 lines of nine x's.
        Files.writeString(jcmd, "#!/bin/sh\necho \"$1:\"\nyes xxxxxxxxx | head -n 30000\n");
        Files.setPosixFilePermissions(jcmd, PosixFilePermissions.fromString("rwx------"));
        TargetJcmd.Result result = new TargetJcmd(jcmd, 4242).run("Thread.print");
        assertNull(result.problem(), result.problem());
        assertEquals(30_000, result.output().lines().count());
        assertEquals(300_000, result.output().length());
    }
}
