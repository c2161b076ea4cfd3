package loomlab.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import loomlab.core.result.ExperimentResult;
import loomlab.core.result.RunResult;
import loomlab.lab.report.html.HtmlFormat;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens a report in real headless Chromium, offline: the page must render its charts, and its one
 * script must run without error. The screenshot stays in target/browser for people to look at.
 * Skips where no Chromium is installed.
 */
class HtmlReportInBrowserIT {
    private static final Path ARTEFACTS = Path.of("target", "browser");
    private static final long TIMEOUT_SECONDS = 120;

    private static Path chromium;
    private static Path report;

    @TempDir
    Path profile;

    @BeforeAll
    static void writeReport() throws IOException {
        chromium = findChromium().orElse(null);
        Files.createDirectories(ARTEFACTS);
        List<ExperimentResult> experiments = new ArrayList<>(FixedRun.run().experiments());
        experiments.addAll(SweptRun.run().experiments());
        RunResult run = FixedRun.run();
        RunResult everything = new RunResult(run.schema(), run.startedAt(), run.elapsedS(), run.command(),
                run.profile(), run.environment(), experiments);
        report = ARTEFACTS.resolve("report.html").toAbsolutePath();
        Files.writeString(report, new HtmlFormat().render(everything), StandardCharsets.UTF_8);
    }

    @Test
    void theScriptRunsAndEveryChartIsDrawn() throws Exception {
        assumeTrue(chromium != null, "no chromium on this machine (apt-get install chromium)");
        Browser result = chromium(List.of("--dump-dom", "--enable-logging=stderr", "--v=0"));
        assertEquals(0, result.exitCode(), result.stderr());
        String dom = result.stdout();
        Matcher ready = Pattern.compile(HtmlFormat.READY_ATTRIBUTE + "=\"(\\d+)\"").matcher(dom);
        assertTrue(ready.find(), "the page's script did not run");
        int charts = Integer.parseInt(ready.group(1));
        int svgs = count(dom, "<svg ");
        assertTrue(charts > 10, "charts: " + charts);
        assertEquals(svgs, charts, "the script saw every chart");
        // Every chart but the shared legends draws at least one line or bar.
        assertTrue(count(dom, "<path d=\"M") + count(dom, "<rect ") >= charts - 4, dom.length() + " chars");
        assertFalse(result.stderr().contains("Uncaught"), result.stderr());
        assertFalse(result.stderr().contains("SyntaxError"), result.stderr());
    }

    @Test
    void theOverviewComesFirstAndTheSectionALinkPointsToOpensItsFoldedVerdict() throws Exception {
        assumeTrue(chromium != null, "no chromium on this machine (apt-get install chromium)");
        Browser result = chromium(List.of("--dump-dom"), "#exp-pinning");
        assertEquals(0, result.exitCode(), result.stderr());
        String dom = result.stdout();
        int overview = dom.indexOf("<section class=\"overview\">");
        assertTrue(overview > 0 && overview < dom.indexOf("<section class=\"experiment\""), "the overview first");
        String pinning = section(dom, "exp-pinning");
        assertTrue(pinning.contains("<details class=\"verdict\" open=\"\">"), pinning);
        String other = section(dom, "exp-service-to-service");
        assertTrue(other.contains("<details class=\"verdict\">"), "a section no link points to stays folded");
    }

    private static String section(String dom, String id) {
        int start = dom.indexOf("id=\"" + id + "\"");
        assertTrue(start > 0, id);
        return dom.substring(start, dom.indexOf("</section>", start));
    }

    @Test
    void aScreenshotIsTakenForPeopleToLookAt() throws Exception {
        assumeTrue(chromium != null, "no chromium on this machine (apt-get install chromium)");
        Path screenshot = ARTEFACTS.resolve("report.png").toAbsolutePath();
        Files.deleteIfExists(screenshot);
        Browser result = chromium(List.of("--screenshot=" + screenshot, "--window-size=1400,3000"));
        assertEquals(0, result.exitCode(), result.stderr());
        byte[] png = Files.readAllBytes(screenshot);
        assertTrue(png.length > 50_000, "a page of charts is more than a blank image: " + png.length + " bytes");
        assertEquals(1400, readInt(png, 16), "width");
        assertEquals(3000, readInt(png, 20), "height");
    }

    private record Browser(int exitCode, String stdout, String stderr) {
    }

    /** Runs Chromium offline on the report with a fresh profile, and always stops it. */
    private Browser chromium(List<String> extra) throws IOException, InterruptedException {
        return chromium(extra, "");
    }

    /** @param fragment appended to the report's address, e.g. {@code #exp-pinning} */
    private Browser chromium(List<String> extra, String fragment) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile));
        command.addAll(extra);
        command.add(report.toUri() + fragment);
        Path stdout = profile.resolve("stdout.txt");
        Path stderr = profile.resolve("stderr.txt");
        Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile()).start();
        try {
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new AssertionError("chromium did not finish in " + TIMEOUT_SECONDS + " s");
            }
            return new Browser(process.exitValue(), Files.readString(stdout), Files.readString(stderr));
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    private static Optional<Path> findChromium() {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        return Stream.of("chromium", "chromium-browser", "google-chrome")
                .flatMap(name -> Stream.of(path.split(File.pathSeparator)).map(dir -> Path.of(dir, name)))
                .filter(Files::isExecutable).findFirst();
    }

    private static int readInt(byte[] bytes, int offset) {
        return ((bytes[offset] & 0xff) << 24) | ((bytes[offset + 1] & 0xff) << 16) | ((bytes[offset + 2] & 0xff) << 8)
                | (bytes[offset + 3] & 0xff);
    }

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }
}
