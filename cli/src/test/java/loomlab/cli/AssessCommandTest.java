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
}
