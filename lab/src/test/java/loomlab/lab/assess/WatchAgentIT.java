package loomlab.lab.assess;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The watch agent ends a JVM that knows nothing of the lab once the process it watches is gone, as
 * it would end a user's service after the lab was killed with -9. A sleeping process stands in for
 * the lab; loomcat, started without its own parent watch, stands in for the service.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WatchAgentIT {
    private static final Path LOOMCAT = Path.of("..", "servers", "loomcat", "target", "loomcat.jar").toAbsolutePath()
            .normalize();

    @TempDir
    Path dir;

    @Test
    void theServiceStopsSoonAfterTheProcessItWatchesIsGone() throws Exception {
        assumeTrue(Files.isRegularFile(LOOMCAT), "loomcat is not built: ./mvnw -DskipTests package");
        Process lab = new ProcessBuilder("sleep", "60").start();
        Path log = dir.resolve("service.log");
        Process service = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                WatchAgentJar.flag(dir, lab.pid()), "-jar", LOOMCAT.toString(), "--port", "0")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!Files.readString(log).contains("listening on") && System.nanoTime() < deadline) {
                assertTrue(service.isAlive(), Files.readString(log));
                Thread.sleep(50);
            }
            assertTrue(service.isAlive(), "running while the watched process lives");
            lab.destroyForcibly().waitFor();
            assertTrue(service.waitFor(15, TimeUnit.SECONDS), "ended after the watched process was gone");
            assertTrue(Files.readString(log).contains("parent process " + lab.pid() + " is gone; stopping"),
                    Files.readString(log));
        } finally {
            for (Process p : List.of(service, lab)) {
                p.destroyForcibly();
            }
        }
    }
}
