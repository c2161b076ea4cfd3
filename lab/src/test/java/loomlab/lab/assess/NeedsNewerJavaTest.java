package loomlab.lab.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.core.assess.AssessArmPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JVM's own word that a service's classes need a newer Java, read from the log of a start that failed. */
class NeedsNewerJavaTest {
    private static final AssessArmPlan ON_21 = new AssessArmPlan(ArmKey.of(ServerId.SERVICE,
            ServingModel.parse("virtual")), null, null, null).onJdk(21);

    @TempDir
    Path dir;

    @Test
    void anUnsupportedClassVersionErrorOn21SaysWhichJavaTheClassesNeed() throws Exception {
        Path log = Files.writeString(dir.resolve("service.log"), """
                Error: LinkageError occurred while loading main class com.acme.App
                	java.lang.UnsupportedClassVersionError: com/acme/App has been compiled by a more recent version of \
                the Java Runtime (class file version 69.0), this version of the Java Runtime only recognizes class file \
                versions up to 65.0
                """);
        assertEquals("the service's classes need Java 25 (class-file version 69): it failed to start on JDK 21 with"
                + " UnsupportedClassVersionError, so its arms run on the other JDKs only",
                AssessArmRunner.needsNewerJava(ON_21, log, "the service exited with code 1"));
    }

    @Test
    void anyOtherDeathIsNotAboutTheJdk() throws Exception {
        Path log = Files.writeString(dir.resolve("service.log"), "Exception in thread \"main\" java.net.BindException\n");
        assertNull(AssessArmRunner.needsNewerJava(ON_21, log, "the service exited with code 1"));
        assertNull(AssessArmRunner.needsNewerJava(ON_21, dir.resolve("none.log"), "exited"), "no log, no claim");
    }
}
