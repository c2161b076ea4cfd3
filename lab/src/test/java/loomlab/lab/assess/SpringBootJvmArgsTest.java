package loomlab.lab.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.core.assess.AssessArmPlan;
import loomlab.lab.servers.ServerJava;
import loomlab.lab.servers.Servers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code assess --jar --jvm-arg}: the user's JVM options after the lab's, their heap size in place of the lab's. */
class SpringBootJvmArgsTest {
    private static final ServerJava JAVA = new ServerJava(Path.of("/jdk/bin/java"), "25.0.3+9-LTS", 25, false);
    private static final AssessArmPlan VIRTUAL = new AssessArmPlan(ArmKey.of(ServerId.SERVICE,
            ServingModel.parse("virtual")), 10, null, null);

    @TempDir
    Path dir;

    private SpringBootLauncher spring(String... jvmArgs) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(new Attributes.Name("Spring-Boot-Version"), "3.5.0");
        manifest.getMainAttributes().put(new Attributes.Name("Start-Class"), "com.example.App");
        Path jar = dir.resolve("app.jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream ignored = new JarOutputStream(out, manifest)) {
            // a manifest is jar enough
        }
        return SpringBootLauncher.recognise(jar, null).withJvmArgs(List.of(jvmArgs));
    }

    /** The JVM options of the arm's command line before the flight recording the lab adds. */
    private List<String> javaOptions(SpringBootLauncher spring) {
        List<String> command = spring.launch(VIRTUAL, 8123, JAVA, dir.resolve("a-%p.jfr"), dir, dir.resolve("tmp"))
                .command();
        int recording = 0;
        while (!command.get(recording).startsWith("-XX:StartFlightRecording")) {
            recording++;
        }
        return command.subList(1, recording);
    }

    @Test
    void withoutJvmArgsTheLabsDefaultsRun() throws IOException {
        SpringBootLauncher spring = spring();
        assertEquals(List.of("-Xms256m", "-Xmx2g", "-XX:+ExitOnOutOfMemoryError"), Servers.COMMON_JVM_FLAGS);
        assertEquals(Servers.COMMON_JVM_FLAGS, javaOptions(spring));
        assertTrue(spring.recordedJvmFlags().containsAll(Servers.COMMON_JVM_FLAGS));
    }

    @Test
    void theUsersMaximumHeapReplacesTheLabs() throws IOException {
        SpringBootLauncher spring = spring("-Xmx4g", "-XX:+UseZGC");
        assertEquals(List.of("-Xms256m", "-XX:+ExitOnOutOfMemoryError", "-Xmx4g", "-XX:+UseZGC"), javaOptions(spring));
        assertEquals(List.of("-Xms256m", "-XX:+ExitOnOutOfMemoryError", "-Xmx4g", "-XX:+UseZGC"),
                spring.recordedJvmFlags().subList(0, 4), "results.json records what ran");
        assertTrue(spring.launch(VIRTUAL, 8123, JAVA, dir.resolve("a-%p.jfr"), dir, dir.resolve("tmp")).switchedBy()
                .notes().getFirst().startsWith("JVM flags -Xms256m -XX:+ExitOnOutOfMemoryError -Xmx4g -XX:+UseZGC"));
        assertEquals(List.of("-Xms256m", "-XX:+ExitOnOutOfMemoryError", "-XX:MaxRAMPercentage=50"),
                javaOptions(spring("-XX:MaxRAMPercentage=50")));
        assertEquals(List.of("-Xms256m", "-XX:+ExitOnOutOfMemoryError", "-XX:MaxHeapSize=1073741824"),
                javaOptions(spring("-XX:MaxHeapSize=1073741824")));
    }

    @Test
    void theUsersStartingHeapReplacesTheLabs() throws IOException {
        assertEquals(List.of("-Xmx2g", "-XX:+ExitOnOutOfMemoryError", "-Xms1g"), javaOptions(spring("-Xms1g")));
        assertEquals(List.of("-XX:+ExitOnOutOfMemoryError", "-Xms512m", "-Xmx512m"),
                javaOptions(spring("-Xms512m", "-Xmx512m")));
    }

    /** The lab's starting heap above the user's largest would stop the JVM ("Initial heap size ... larger"). */
    @Test
    void aMaximumBelowTheLabsStartingHeapTakesItsPlaceToo() throws IOException {
        assertEquals(List.of("-XX:+ExitOnOutOfMemoryError", "-Xmx128m"), javaOptions(spring("-Xmx128m")));
        assertEquals(List.of("-Xms256m", "-XX:+ExitOnOutOfMemoryError", "-Xmx256m"), javaOptions(spring("-Xmx256m")));
    }

    @Test
    void otherOptionsFollowTheLabsInTheirOrder() throws IOException {
        assertEquals(List.of("-Xms256m", "-Xmx2g", "-XX:+ExitOnOutOfMemoryError", "-Dspring.profiles.active=prod",
                "-XX:+UseZGC"), javaOptions(spring("-Dspring.profiles.active=prod", "-XX:+UseZGC")));
    }

    @Test
    void sizesAreReadAsTheJvmReadsThem() {
        assertEquals(256L << 20, SpringBootLauncher.bytes("256m"));
        assertEquals(2L << 30, SpringBootLauncher.bytes("2G"));
        assertEquals(4096, SpringBootLauncher.bytes("4k"));
        assertEquals(1000, SpringBootLauncher.bytes("1000"));
        assertEquals(-1, SpringBootLauncher.bytes("lots"));
    }
}
