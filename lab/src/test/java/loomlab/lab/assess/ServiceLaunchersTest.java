package loomlab.lab.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import loomlab.core.BadInput;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.Carriers;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.core.assess.AssessArmPlan;
import loomlab.core.assess.CommandTemplate;
import loomlab.core.assess.ServiceSwitch;
import loomlab.lab.servers.ServerJava;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How each kind of service is started and switched, from jars made here; nothing is run. */
class ServiceLaunchersTest {
    /** The arm's temporary folder, as the runner names it (the launchers only pass it on). */
    private static final Path TMP = Path.of("/results/logs/arm-tmp");
    private static final ServerJava JAVA = new ServerJava(Path.of("/jdk/bin/java"), "25.0.3+9-LTS", 25, false);
    private static final AssessArmPlan PLATFORM = new AssessArmPlan(ArmKey.of(ServerId.SERVICE,
            ServingModel.parse("platform:10")), 10, null, null);
    private static final AssessArmPlan VIRTUAL = new AssessArmPlan(ArmKey.of(ServerId.SERVICE,
            ServingModel.parse("virtual")), 10, null, null);
    private static final AssessArmPlan EIGHT_CARRIERS = new AssessArmPlan(VIRTUAL.key().withParam("carriers",
            ParamValue.count(8)), 10, null, new Carriers(8));

    @TempDir
    Path dir;

    private Path jar(String name, Map<String, String> attributes) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        attributes.forEach((k, v) -> manifest.getMainAttributes().put(new Attributes.Name(k), v));
        Path jar = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream ignored = new JarOutputStream(out, manifest)) {
            return jar;
        }
    }

    @Test
    void aSpringBootOlderThan32CannotBeSwitchedAndSaysSo() throws IOException {
        Path jar = jar("old.jar", Map.of("Spring-Boot-Version", "3.1.5", "Start-Class", "com.example.Old"));
        String cannot = SpringBootLauncher.recognise(jar, 10).launch(VIRTUAL, 8123, JAVA, dir.resolve("a-%p.jfr"), dir, TMP)
                .switchedBy().cannotSwitch();
        assertTrue(cannot != null && cannot.contains("3.2"), String.valueOf(cannot));
        Path recent = jar("new.jar", Map.of("Spring-Boot-Version", "3.2.0", "Start-Class", "com.example.New"));
        assertEquals(null, SpringBootLauncher.recognise(recent, 10).launch(VIRTUAL, 8123, JAVA, dir.resolve("a-%p.jfr"),
                dir, TMP).switchedBy().cannotSwitch());
    }

    @Test
    void carriersGoOnTheJavaLineOfAJarAndIntoJavaToolOptionsOfACommand() throws IOException {
        Path jar = jar("shop.jar", Map.of("Spring-Boot-Version", "4.1.1", "Start-Class", "com.example.shop.ShopApp"));
        List<String> command = SpringBootLauncher.recognise(jar, 10).launch(EIGHT_CARRIERS, 8123, JAVA,
                dir.resolve("a-%p.jfr"), dir, TMP).command();
        assertTrue(command.contains("-Djdk.virtualThreadScheduler.parallelism=8"), command.toString());
        assertTrue(command.indexOf("-Djdk.virtualThreadScheduler.parallelism=8") < command.indexOf("-jar"));
        assertTrue(command.stream().noneMatch(c -> c.contains("maxPoolSize")), "maxPoolSize as in the virtual arm");
        ServiceLauncher.Launch launch = CommandLauncher.of("{java} -jar app.jar --port {port} --mode {threads}", null, Map.of())
                .launch(EIGHT_CARRIERS, 8123, JAVA, dir.resolve("a-%p.jfr"), dir, TMP);
        assertTrue(launch.environment().get("JAVA_TOOL_OPTIONS").contains("-Djdk.virtualThreadScheduler.parallelism=8"),
                launch.environment().toString());
    }

    @Test
    void aSpringBootJarIsSwitchedBySpringsOwnProperties() throws IOException {
        Path jar = jar("shop.jar", Map.of("Spring-Boot-Version", "4.1.1", "Start-Class", "com.example.shop.ShopApp"));
        SpringBootLauncher spring = SpringBootLauncher.recognise(jar, 10);
        assertEquals(Set.of("com.example.shop"), spring.userPackages());
        assertEquals("shop.jar (Spring Boot 4.1.1, com.example.shop.ShopApp)", spring.description());

        ServiceLauncher.Launch platform = spring.launch(PLATFORM, 8123, JAVA, dir.resolve("arm-%p.jfr"), dir, TMP);
        List<String> command = platform.command();
        assertEquals("/jdk/bin/java", command.getFirst());
        assertTrue(command.stream().anyMatch(w -> w.startsWith("-XX:StartFlightRecording:filename=" + dir.resolve(
                "arm-%p.jfr"))), command.toString());
        assertTrue(command.stream().anyMatch(w -> w.startsWith("-javaagent:") && w.contains(WatchAgentJar.FILE)));
        assertTrue(command.indexOf("-Djava.io.tmpdir=" + TMP) < command.indexOf("-jar"), "Tomcat's folders in the arm's");
        assertEquals(List.of("-jar", jar.toString(), "--server.port=8123", "--spring.threads.virtual.enabled=false",
                "--server.tomcat.threads.max=10"), command.subList(command.size() - 5, command.size()));
        assertEquals(new ServiceSwitch(ServiceSwitch.SPRING, List.of("--spring.threads.virtual.enabled=false",
                "--server.tomcat.threads.max=10"), platform.switchedBy().notes(), null), platform.switchedBy());
        assertTrue(platform.environment().isEmpty());

        List<String> virtual = spring.launch(VIRTUAL, 8124, JAVA, dir.resolve("arm-%p.jfr"), dir, TMP).command();
        assertEquals(List.of("--server.port=8124", "--spring.threads.virtual.enabled=true"),
                virtual.subList(virtual.size() - 2, virtual.size()));
        assertTrue(Files.isRegularFile(dir.resolve(WatchAgentJar.FILE)), "the agent's jar is written once");
    }

    @Test
    void withoutPoolTheApplicationsOwnPoolIsLeftAndSaidSo() throws IOException {
        SpringBootLauncher spring = SpringBootLauncher.recognise(jar("a.jar", Map.of("Start-Class", "a.App")), null);
        ServiceLauncher.Launch launch = spring.launch(PLATFORM, 1, JAVA, dir.resolve("r-%p.jfr"), dir, TMP);
        assertFalse(launch.command().stream().anyMatch(w -> w.startsWith("--server.tomcat.threads.max")));
        assertTrue(launch.switchedBy().notes().stream().anyMatch(n -> n.contains("200 unless it sets another")));
    }

    @Test
    void anyOtherJarIsBadInputThatSaysToUseCmd() throws IOException {
        Path plain = jar("plain.jar", Map.of("Main-Class", "a.Main"));
        BadInput e = assertThrows(BadInput.class, () -> SpringBootLauncher.recognise(plain, null));
        assertTrue(e.getMessage().contains("is not a Spring Boot jar") && e.getMessage().contains("--cmd"));
        assertFalse(e.getMessage().contains("\n"));
        assertTrue(assertThrows(BadInput.class, () -> SpringBootLauncher.recognise(dir.resolve("none.jar"), null))
                .getMessage().endsWith("no such file"));
        Path notAJar = Files.writeString(dir.resolve("text.jar"), "not a zip");
        assertTrue(assertThrows(BadInput.class, () -> SpringBootLauncher.recognise(notAJar, null)).getMessage()
                .contains("not a readable jar"));
    }

    @Test
    void aCommandGetsItsPlaceholdersAndTheRecordingThroughJavaToolOptions() throws IOException {
        Path app = jar("app.jar", Map.of("Main-Class", "com.acme.Main"));
        CommandLauncher launcher = new CommandLauncher(CommandTemplate.parse("{java} -jar " + app
                + " --port {port} --mode {threads} --pool {pool}"), 10, Map.of("JAVA_TOOL_OPTIONS", "-Xss1m"));
        ServiceLauncher.Launch launch = launcher.launch(VIRTUAL, 9000, JAVA, dir.resolve("arm-%p.jfr"), dir, TMP);
        assertEquals(List.of("/jdk/bin/java", "-jar", app.toString(), "--port", "9000", "--mode", "virtual", "--pool",
                "10"), launch.command());
        String options = launch.environment().get("JAVA_TOOL_OPTIONS");
        assertTrue(options.startsWith("-Xss1m -XX:StartFlightRecording:filename=" + dir.resolve("arm-%p.jfr")),
                "added to the user's own: " + options);
        assertTrue(options.contains(" -javaagent:" + dir.resolve(WatchAgentJar.FILE) + "="));
        assertTrue(options.contains(" -Djava.io.tmpdir=" + TMP), options);
        assertEquals(ServiceSwitch.COMMAND, launch.switchedBy().kind());
        assertEquals(launch.command(), launch.switchedBy().arguments());
        assertTrue(launch.switchedBy().notes().getFirst().contains("JAVA_TOOL_OPTIONS"));
        assertEquals(Set.of("com.acme"), launcher.userPackages(), "the -jar's main class is the user's code");
        assertTrue(launcher.switchesThreads());
    }

    @Test
    void aCommandWithoutThreadsSaysBothArmsRanTheSameCommand() {
        CommandLauncher launcher = CommandLauncher.of("{java} -jar /nowhere.jar --port {port}", null, Map.of());
        assertFalse(launcher.switchesThreads());
        assertTrue(launcher.launch(PLATFORM, 1, JAVA, dir.resolve("r-%p.jfr"), dir, TMP).switchedBy().notes().stream()
                .anyMatch(n -> n.contains("the command has neither {threads} nor {virtual}")));
        assertEquals(Set.of(), launcher.userPackages(), "no readable jar: every frame outside the frameworks counts");
    }

    @Test
    void poolAndItsPlaceholderNeedEachOther() {
        assertTrue(assertThrows(BadInput.class, () -> CommandLauncher.of("app --port {port} --threads {pool}", null, Map.of()))
                .getMessage().startsWith("--cmd uses {pool}: give --pool N"));
        assertTrue(assertThrows(BadInput.class, () -> CommandLauncher.of("app --port {port}", 10, Map.of())).getMessage()
                .startsWith("--pool 10 has no effect"));
    }

    @Test
    void aFrameworksLauncherIsNotTakenForTheUsersCode() throws IOException {
        Path quarkus = jar("quarkus-run.jar", Map.of("Main-Class", "io.quarkus.bootstrap.runner.QuarkusEntryPoint"));
        assertEquals(Set.of(), new CommandLauncher(CommandTemplate.parse("{java} -jar " + quarkus + " {port}"), null,
                Map.of()).userPackages());
    }
}
