package loomlab.lab.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import loomlab.core.BadInput;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.core.assess.AssessArmPlan;
import loomlab.core.assess.ExtractedJar;
import loomlab.lab.servers.ServerJava;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --extracted}: which jars Spring Boot's tool can extract, and how an extracted arm is started; nothing runs. */
class ExtractedJarLaunchTest {
    private static final Path TMP = Path.of("/results/logs/arm-tmp");
    private static final ServerJava JAVA = new ServerJava(Path.of("/jdk/bin/java"), "25.0.3+9-LTS", 25, false);
    private static final AssessArmPlan VIRTUAL = new AssessArmPlan(ArmKey.of(ServerId.SERVICE,
            ServingModel.parse("virtual")), 10, null, null);
    private static final AssessArmPlan VIRTUAL_EXTRACTED = new AssessArmPlan(ExtractedJar.of(VIRTUAL.key()), 10, null,
            null);

    @TempDir
    Path dir;

    /** A jar with a Spring Boot manifest and these entries. */
    private Path jar(String name, String version, String... entries) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(new Attributes.Name("Spring-Boot-Version"), version);
        manifest.getMainAttributes().put(new Attributes.Name("Start-Class"), "com.example.shop.ShopApp");
        Path jar = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream file = new JarOutputStream(out, manifest)) {
            for (String entry : entries) {
                file.putNextEntry(new JarEntry(entry));
                file.closeEntry();
            }
        }
        return jar;
    }

    @Test
    void aFatJarWithSpringBootsToolsIsExtractableAndOneWithoutIsBadInputSayingWhy() throws IOException {
        SpringBootLauncher tools = SpringBootLauncher.recognise(jar("shop.jar", "4.1.1", "BOOT-INF/classes/",
                "BOOT-INF/lib/spring-boot-jarmode-tools-4.1.1.jar"), 10);
        assertSame(tools, tools.extractable());
        BadInput layers = assertThrows(BadInput.class, () -> SpringBootLauncher.recognise(jar("old.jar", "3.2.5",
                "BOOT-INF/classes/", "BOOT-INF/lib/spring-boot-jarmode-layertools-3.2.5.jar"), 10).extractable());
        assertEquals("--extracted: old.jar (Spring Boot 3.2.5) has no jarmode=tools to extract it (Spring Boot 3.3 or"
                + " newer); unpack it into a folder DIR yourself (jar -xf old.jar there) and assess it with --cmd"
                + " '{java} -cp DIR/BOOT-INF/classes:DIR/BOOT-INF/lib/* com.example.shop.ShopApp --server.port={port}"
                + " --spring.threads.virtual.enabled={virtual}'", layers.getMessage());
        BadInput thin = assertThrows(BadInput.class, () -> SpringBootLauncher.recognise(jar("thin.jar", "4.1.1",
                "com/example/shop/ShopApp.class"), 10).extractable());
        assertTrue(thin.getMessage().startsWith("--extracted: thin.jar is no Spring Boot fat jar"), thin.getMessage());
    }

    @Test
    void anExtractedArmRunsTheJarInItsScratchFolderAndAFatArmTheJarGiven() throws IOException {
        Path jar = jar("shop.jar", "4.1.1", "BOOT-INF/lib/spring-boot-jarmode-tools-4.1.1.jar");
        SpringBootLauncher spring = SpringBootLauncher.recognise(jar, 10);
        ServiceLauncher.Launch extracted = spring.launch(VIRTUAL_EXTRACTED, 8123, JAVA, dir.resolve("a-%p.jfr"), dir,
                TMP);
        List<String> command = extracted.command();
        assertEquals(List.of("-jar", TMP.resolve("extracted").resolve("shop.jar").toString(), "--server.port=8123",
                "--spring.threads.virtual.enabled=true"), command.subList(command.size() - 4, command.size()));
        assertTrue(extracted.switchedBy().notes().stream().anyMatch(n -> n.startsWith("the extracted jar")),
                extracted.switchedBy().notes().toString());
        // Reversed: the fat arm runs the jar given, and says nothing of extraction.
        ServiceLauncher.Launch fat = spring.launch(VIRTUAL, 8123, JAVA, dir.resolve("a-%p.jfr"), dir, TMP);
        assertTrue(fat.command().contains(jar.toString()), fat.command().toString());
        assertTrue(fat.switchedBy().notes().stream().noneMatch(n -> n.contains("extracted")));
    }

    @Test
    void theToolRunsWithItsTemporaryFilesAndItsDestinationInTheScratchFolder() {
        assertEquals(List.of("/jdk/bin/java", "-Djava.io.tmpdir=" + TMP, "-Djarmode=tools", "-jar", "/apps/shop.jar",
                "extract", "--destination", TMP + "/extracted"), JarExtraction.command(Path.of("/jdk/bin/java"),
                Path.of("/apps/shop.jar"), TMP));
        assertEquals(TMP.resolve("extracted/shop.jar"), JarExtraction.extractedJar(Path.of("/apps/shop.jar"), TMP));
    }

    @Test
    void aFatArmNeedsNothingInItsScratchFolder() throws IOException, InterruptedException {
        Path jar = jar("shop.jar", "4.1.1", "BOOT-INF/lib/spring-boot-jarmode-tools-4.1.1.jar");
        Path scratch = dir.resolve("arm-tmp");
        SpringBootLauncher.recognise(jar, 10).prepareScratch(VIRTUAL, JAVA, scratch, dir.resolve("arm-service.log"));
        assertTrue(Files.notExists(scratch), "no extraction, no folder");
    }
}
