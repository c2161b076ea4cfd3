package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import loomlab.lab.jdk.JdkSearch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code assess --jdk 21,25} on loomcat's {@code /sync} path, which blocks inside synchronized: on
 * JDK 21 that pins the carrier, since JDK 24 it does not, so the site pins on 21 only and the
 * verdict names it so. Needs a JDK 21 already on the machine (the lab's own install included); the
 * test does not install one.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class AssessJdksIT {
    @TempDir
    Path out;

    @Test
    void aSiteThatPinsOnlyOnJdk21IsFoundPerJdkAndNamed() throws Exception {
        AssessRun.requireBuilt(AssessRun.LOOMCAT);
        assumeTrue(JdkSearch.standard(CliProcess.HOME, System.getenv(),
                Path.of(System.getProperty("user.home"))).find(21).isPresent(),
                "no JDK 21 on this machine (./loomlab assess --jdk 21 installs one; or set LOOMLAB_JDK_21)");
        AssessRun run = AssessRun.of(out, "--cmd", "{java} -jar " + AssessRun.LOOMCAT + " --port {port} --mode {threads}"
                + " --pool {pool}", "--path", "/sync/50", "--pool", "4", "--slo-p99", "100", "--jdk", "21,25");
        assertEquals(0, run.cli().exitCode(), run.cli().err());
        assertEquals(4, run.arms().size());
        JsonNode on21 = run.arm("virtual", "21.");
        JsonNode on25 = run.arm("virtual", "25.");
        assertTrue(on21.path("pinned_events").asLong() > 10, on21.path("pinned_events").toString());
        assertTrue(on21.path("pinning_sites").get(0).path("frame").asText()
                .startsWith("loomlab.loomcat.LockEndpoints.synchronizedSleep"), on21.path("pinning_sites").toString());
        assertEquals(0, on25.path("pinned_events").asLong(), "JEP 491: synchronized no longer pins");
        assertTrue(run.verdict().contains("loomlab.loomcat.LockEndpoints.synchronizedSleep")
                && run.verdict().contains("pins only on JDK 21, not on JDK 25."), run.verdict());
        AssessRun.nothingLeftBehind();
    }
}
