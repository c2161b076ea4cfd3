package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** assess's bad input that needs words with blanks, or a file, to write: one line, exit 2, before anything runs. */
class AssessCommandTest {
    @TempDir
    Path dir;

    private static void oneLine(CliRun run, String expected) {
        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().startsWith("loomlab: ") && run.err().contains(expected), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertFalse(run.err().contains("\tat "), run.err());
    }

    @Test
    void aCommandIsSplitAsAShellWouldAndAnUnclosedQuoteIsBadInput() {
        oneLine(CliRun.of("assess", "--cmd", "java -jar 'my app.jar --port {port}", "--path", "/"),
                "--cmd has a single quote that is not closed");
        oneLine(CliRun.of("assess", "--cmd", "java -jar app.jar --port {port} > log.txt", "--path", "/"),
                "'>' would be passed on as a word");
        oneLine(CliRun.of("assess", "--cmd", "java -Dhome=$HOME -jar app.jar --port {port}", "--path", "/"),
                "'$' expands nothing");
    }

    @Test
    void aJarThatIsNotSpringBootIsToldToUseCmd() throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "com.acme.Main");
        Path jar = dir.resolve("plain.jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream ignored = new JarOutputStream(out, manifest)) {
            // a manifest and no entries is jar enough
        }
        oneLine(CliRun.of("assess", "--jar", jar.toString(), "--path", "/"), "is not a Spring Boot jar (its manifest"
                + " has no Spring-Boot-Version or Start-Class); start it with --cmd '{java} -jar " + jar);
    }

    @Test
    void everyBadRequestIsOneLineBeforeAnythingRuns() throws IOException {
        String cmd = "x --port {port}";
        oneLine(CliRun.of("assess", "--cmd", cmd, "--request", "FETCH /orders"), "unknown HTTP method 'FETCH';"
                + " choose from: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
        oneLine(CliRun.of("assess", "--cmd", cmd, "--request", "POST /orders", "--body", "@" + dir.resolve("none.json")),
                "--body @" + dir.resolve("none.json") + ": no such file");
        oneLine(CliRun.of("assess", "--cmd", cmd, "--request", "POST /orders", "--header", "Content-Type application/json"),
                "--header takes 'Name: value', got 'Content-Type application/json'");
        oneLine(CliRun.of("assess", "--cmd", cmd, "--request", "POST /orders", "--header", "Content-Length: 3"),
                "--header Content-Length: the lab sets it itself");
        oneLine(CliRun.of("assess", "--cmd", cmd, "--request", "POST /orders@0"), "must be a whole number from 1 to"
                + " 1000, got 0");
        oneLine(CliRun.of("assess", "--cmd", cmd, "--request", "POST /orders@-1"), "got -1");
        oneLine(CliRun.of("assess", "--cmd", cmd, "--request", "POST /orders"), "--ready PATH is needed: the"
                + " readiness probe is a GET, and the mix has no GET to take it from");
        oneLine(CliRun.of("assess", "--cmd", cmd, "--header", "X-A: 1", "--path", "/"), "--request");
        Path notJson = Files.writeString(dir.resolve("requests.json"), "[{\"path\": \"/a\",}");
        oneLine(CliRun.of("assess", "--cmd", cmd, "--requests", notJson.toString()), "--requests " + notJson
                + " is not valid JSON");
        Path unknown = Files.writeString(dir.resolve("unknown.json"), "[{\"path\": \"/a\"}, {\"path\": \"/b\","
                + " \"bdy\": \"x\"}]");
        oneLine(CliRun.of("assess", "--cmd", cmd, "--requests", unknown.toString()), "--requests " + unknown
                + ", request 2 names an unknown field 'bdy'; the fields are method, path, headers, body, body_file,"
                + " weight");
        Path weightless = Files.writeString(dir.resolve("weight.json"), "[{\"path\": \"/a\", \"weight\": 0}]");
        oneLine(CliRun.of("assess", "--cmd", cmd, "--requests", weightless.toString()), "request 1: the weight of GET"
                + " /a must be a whole number from 1 to 1000, got 0");
        Path noBody = Files.writeString(dir.resolve("nobody.json"), "[{\"method\": \"put\", \"path\": \"/a\","
                + " \"body_file\": \"gone.json\"}]");
        oneLine(CliRun.of("assess", "--cmd", cmd, "--requests", noBody.toString(), "--ready", "/"), "request 1:"
                + " \"body_file\" " + dir.resolve("gone.json") + ": no such file");
        oneLine(CliRun.of("assess", "--cmd", cmd, "--requests", dir.resolve("missing.json").toString()),
                "--requests " + dir.resolve("missing.json") + ": no such file");
    }

    /** A Spring Boot jar whose one class has the class-file version {@code major}. */
    private Path bootJar(String name, int major) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Spring-Boot-Version", "3.5.0");
        manifest.getMainAttributes().putValue("Start-Class", "com.acme.App");
        Path jar = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream entries = new JarOutputStream(out, manifest)) {
            entries.putNextEntry(new java.util.jar.JarEntry("BOOT-INF/classes/com/acme/App.class"));
            entries.write(new byte[] {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0, 0, 0, (byte) major});
        }
        return jar;
    }

    /** assess's parsed options, as the command would see them. */
    private static AssessCommand parsed(String... args) {
        picocli.CommandLine cli = LoomLab.commandLine();
        picocli.CommandLine.ParseResult result = cli.parseArgs(args);
        return (AssessCommand) result.subcommand().commandSpec().userObject();
    }

    @Test
    void theJdksAre21And25UnlessAJarsClassesNeedNewerOrACommandCannotTakeThem() throws IOException {
        Path java25 = bootJar("new.jar", 69);
        Path java17 = bootJar("old.jar", 61);
        AssessCommand command = parsed("assess", "--jar", java25.toString(), "--path", "/");
        assertEquals("25", command.jdkList(loomlab.lab.assess.SpringBootLauncher.recognise(java25, null)));
        AssessCommand old = parsed("assess", "--jar", java17.toString(), "--path", "/");
        assertEquals(AssessCommand.DEFAULT_JDKS, old.jdkList(loomlab.lab.assess.SpringBootLauncher.recognise(java17,
                null)), "reversed: Java 17 classes run on both");
        oneLine(CliRun.of("assess", "--jar", java25.toString(), "--path", "/", "--jdk", "21"), "--jar new.jar: its"
                + " classes need Java 25 or newer, and --jdk 21 names none; give --jdk 25");
        oneLine(CliRun.of("assess", "--cmd", "java -jar app.jar --port {port}", "--path", "/", "--jdk", "21,25"),
                "--jdk 21,25 cannot reach the command: --cmd has no {java}");
        AssessCommand own = parsed("assess", "--cmd", "java -jar app.jar --port {port}", "--path", "/");
        assertEquals(null, own.jdkList(loomlab.lab.assess.CommandLauncher.of("java -jar app.jar --port {port}", null,
                java.util.Map.of())),
                "a command without {java} runs its own java, once");
    }

    @Test
    void assessOffersOnlyTheEnginesItCanUseAndSpeaksOfItsOwnJdks() {
        CliRun help = CliRun.of("assess", "--help");
        String text = help.out().replaceAll("\\s+", " ");
        String engine = text.substring(text.indexOf("--engine=lab|locust What"), text.indexOf(" --external-workers=N"));
        assertTrue(engine.contains("lab") && engine.contains("locust"), engine);
        assertFalse(engine.contains("wrk") || engine.contains("siege") || engine.contains(" ab"), engine);
        assertFalse(text.contains("pinning experiment"), text);
        assertTrue(text.contains("Default: " + AssessCommand.DEFAULT_JDKS), text);
    }
}
