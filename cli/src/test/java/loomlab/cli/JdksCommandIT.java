package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@code loomlab jdks} on this machine: each JDK once, the one the tests run on among them, with its vendor. */
class JdksCommandIT {
    @Test
    void listsEveryJdkOnceWithItsFeatureVersionAndVendor() throws IOException {
        CliRun run = CliRun.of("jdks");
        assertEquals(0, run.exitCode(), run.err());
        Set<Path> homes = new HashSet<>();
        List<String> ours = new ArrayList<>();
        Path running = Path.of(System.getProperty("java.home")).toRealPath();
        for (String line : run.out().lines().toList()) {
            String[] columns = line.split("\\s{2,}");
            Path home = Path.of(columns[2].strip()).toRealPath();
            assertTrue(homes.add(home), "listed twice: " + home + "\n" + run.out());
            if (home.equals(running)) {
                ours.add(line);
            }
        }
        assertEquals(1, ours.size(), "the JDK these tests run on:\n" + run.out());
        String[] columns = ours.getFirst().split("\\s{2,}");
        assertEquals(String.valueOf(Runtime.version().feature()), columns[0].strip());
        assertTrue(!columns[1].isBlank() && !columns[1].strip().equals("unknown"), ours.getFirst());
    }
}
