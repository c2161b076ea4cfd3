package loomlab.cli;

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
import loomlab.lab.servers.Servers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code assess --jvm-arg}: repeatable, for {@code --jar} only, its default heap in the help. */
class AssessJvmArgTest {
    @TempDir
    Path dir;

    private Path springJar() throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(new Attributes.Name("Spring-Boot-Version"), "3.5.0");
        manifest.getMainAttributes().put(new Attributes.Name("Start-Class"), "com.example.App");
        Path jar = dir.resolve("app.jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream ignored = new JarOutputStream(out, manifest)) {
            return jar;
        }
    }

    @Test
    void itRepeatsAndTakesAnOptionAsItsValue() throws IOException {
        CommandLine cli = LoomLab.commandLine();
        CommandLine.ParseResult parsed = cli.parseArgs("assess", "--jar", springJar().toString(), "--path", "/",
                "--jvm-arg", "-Xmx4g", "--jvm-arg=-XX:+UseZGC");
        AssessCommand assess = parsed.subcommand().commandSpec().commandLine().getCommand();
        assertEquals(List.of("-Xmx4g", "-XX:+UseZGC"), assess.jvmArgs());
    }

    @Test
    void theHelpStatesTheDefaultHeapFromTheCode() {
        String help = LoomLab.commandLine().getSubcommands().get("assess").getUsageMessage(CommandLine.Help.Ansi.OFF)
                .replaceAll("\\s+", " ");
        assertTrue(help.contains("--jvm-arg=ARG"), help);
        assertTrue(help.contains(String.join(" ", Servers.COMMON_JVM_FLAGS)), help);
        assertTrue(help.contains("A -Xmx or -Xms of yours replaces the lab's"), help);
    }

    @Test
    void docsAssessStatesTheDefaultHeapFromTheCode() throws IOException {
        String row = Files.readAllLines(CliProcess.HOME.resolve("docs/assess.md")).stream()
                .filter(line -> line.startsWith("| `--jvm-arg ARG`")).findFirst().orElseThrow();
        String heap = String.join(" ", Servers.COMMON_JVM_FLAGS.stream().filter(flag -> flag.startsWith("-Xm")).toList());
        assertEquals("-Xms256m -Xmx2g", heap);
        assertTrue(row.contains("`" + heap + "`"), row);
    }

    @Test
    void withCmdItIsBadInputThatSaysWhereTheOptionsGo() {
        CliRun.of("assess", "--cmd", "java -jar app.jar --port {port}", "--path", "/", "--jvm-arg=-Xmx1g")
                .assertRefused("--jvm-arg is for --jar; with --cmd, write the JVM options into the command, e.g."
                        + " --cmd '{java} -Xmx1g -jar app.jar --port {port}'");
    }

    @Test
    void aWordThatIsNoJvmOptionIsBadInput() throws IOException {
        CliRun.of("assess", "--jar", springJar().toString(), "--path", "/", "--jvm-arg", "Xmx4g")
                .assertRefused("--jvm-arg 'Xmx4g' is not a JVM option: give one that starts with '-'");
    }
}
