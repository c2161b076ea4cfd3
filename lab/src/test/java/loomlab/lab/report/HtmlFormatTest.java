package loomlab.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import loomlab.core.result.RunResult;
import loomlab.lab.report.html.HtmlFormat;
import org.junit.jupiter.api.Test;

class HtmlFormatTest {
    private final String fixed = new HtmlFormat().render(FixedRun.run());
    private final String swept = new HtmlFormat().render(SweptRun.run());

    @Test
    void loadsNothingFromAnywhere() {
        for (String html : List.of(fixed, swept)) {
            String lower = html.toLowerCase(Locale.ROOT);
            Matcher address = Pattern.compile("(https?:)?//[^\\s\"'<>)]+").matcher(lower);
            while (address.find()) {
                assertEquals("http://www.w3.org/2000/svg", address.group(), "the only address is SVG's namespace");
            }
            for (String loader : List.of("<link", " src=", "@import", "url(", "<iframe", "<img", "<object")) {
                assertFalse(lower.contains(loader), loader);
            }
        }
    }

    @Test
    void escapesNamesFromTheResults() {
        assertTrue(swept.contains("virtual:1, &lt;no carrier&gt; &amp; &quot;quotes&quot;"));
        assertFalse(swept.contains("<no carrier>"));
    }

    @Test
    void hasASectionWithTableVerdictAndChartsPerExperiment() {
        assertEquals(5, count(fixed, "<section class=\"experiment\""));
        assertEquals(5, count(fixed, "<details class=\"verdict\">"));
        assertEquals(5, count(fixed, "<p class=\"headline\">"));
        assertEquals(5 + 1, count(fixed, "<table>"), "each experiment's, and the overview");
        // Per HTTP experiment: percentile spectrum, headline against bound, five timelines; plus each timeline
        // legend; for pinning, whose arms ran on two JDKs, throughput by JDK; for connections, memory against
        // connections and its figures that differ between the arms, up to 8 charts.
        assertEquals(4 * (1 + 1 + 5 + 1) + 1 + 8, count(fixed, "<svg "));
        assertEquals(1, count(fixed, "aria-label=\"Server RSS against open connections, while they open\""));
        assertEquals(1, count(fixed, "aria-label=\"RSS per connection (KB)\""));
        assertEquals(1, count(fixed, "aria-label=\"Throughput by JDK\""));
        assertTrue(fixed.contains(">99.9%<") && fixed.contains(">max<"), "percentile axis");
    }

    @Test
    void theOverviewComesFirstWithARowPerExperimentLinkedToItsSection() {
        int overview = fixed.indexOf("<section class=\"overview\">");
        assertTrue(overview > 0 && overview < fixed.indexOf("<section class=\"broke\">"), "before what broke");
        String block = fixed.substring(overview, fixed.indexOf("</section>", overview));
        assertEquals(5, count(block, "<tr class=\""), block);
        assertTrue(block.contains("<a href=\"#exp-pinning\">pinning</a>"), block);
        String markdown = new MarkdownFormat().render(FixedRun.run());
        assertTrue(markdown.indexOf("## Overview") < markdown.indexOf("## service-to-service"), markdown);
    }

    @Test
    void whatBrokeComesBeforeEveryExperimentAndOnlyWhenSomethingBroke() {
        int broke = fixed.indexOf("<section class=\"broke\">");
        assertTrue(broke > 0 && broke < fixed.indexOf("<section class=\"experiment\""), "first");
        String block = fixed.substring(broke, fixed.indexOf("</section>", broke));
        assertTrue(block.contains("<a href=\"#exp-pinning\">pinning</a>") && block.contains("stopped answering"), block);
        assertFalse(swept.contains("class=\"broke\""), "nothing hung or stalled in the sweep");
        String markdown = new MarkdownFormat().render(FixedRun.run());
        assertTrue(markdown.indexOf("## What broke") < markdown.indexOf("## service-to-service"), markdown);
        assertFalse(new MarkdownFormat().render(SweptRun.run()).contains("What broke"));
    }

    @Test
    void marksArmsThatFailedAndArmsWithFlags() {
        // A loomcat arm that died, a JDBC arm skipped for want of a database, six pinning arms not in the run.
        assertEquals(8, count(fixed, "<tr class=\"failed\">"));
        // An arm with timeouts, one whose connections overflowed the listen backlog, a JDBC arm above its CPU
        // bound, a deadlocked arm; in the sweep, a saturated generator.
        assertEquals(4, count(fixed, "<tr class=\"flagged\">"));
        assertTrue(fixed.contains("the kernel dropped 99 connections at a full listen backlog"));
        assertTrue(fixed.contains("hung: nothing answered for 3.10 s"), fixed);
        assertEquals(1, count(swept, "<tr class=\"flagged\">"));
        assertTrue(swept.contains("the load generator used 94% of its CPU"));
        assertTrue(fixed.contains("is above its cpu bound by more than 2%"));
    }

    @Test
    void opensEachExperimentWithItsHeadlineAndFoldsEachParagraphOfTheVerdictBelowIt() {
        int verdicts = count(fixed, "<details class=\"verdict\">");
        assertEquals(verdicts, count(fixed, "<details class=\"verdict\"><summary>The detail</summary><p>"));
        int headline = fixed.indexOf("<p class=\"headline\">One run: spread not measured, so no lead is named:"
                + " loomcat virtual, 20 users against loomcat platform:1, 20 users");
        assertTrue(headline > 0 && headline < fixed.indexOf("<details class=\"verdict\">"), "the headline first");
        assertTrue(fixed.contains("</p><p>"), "a verdict with more than one paragraph");
        assertTrue(!fixed.contains("\n\n</p>") && !fixed.contains("<p></p>"));
        assertTrue(fixed.contains("s.querySelectorAll('details.verdict')"), "a link to a section opens its verdict");
    }

    @Test
    void showsTheSweepTheSpreadOfRepeatsAndChartsForOtherKindsOfArms() {
        assertTrue(swept.contains("Throughput against users (dashed: Little&#39;s-law bound)"));
        assertTrue(swept.contains(">loomcat virtual: bound<"), "the bound is in the legend");
        assertTrue(swept.contains("380<span class=\"spread\" title=\"lowest to highest run\">372\u2013388</span>"));
        assertTrue(swept.contains("whiskers: lowest to highest run"));
        assertTrue(swept.contains("Delay of the light tasks"));
        assertTrue(swept.contains("Heavy done (ms)"));
        assertTrue(swept.contains("Heavy task (ms)"), "a figure that is null for one arm is still charted");
    }

    @Test
    void anAssessmentHasItsCurveItsSearchItsCapacitiesAndItsPinningTable() {
        String assess = new HtmlFormat().render(AssessRun.run());
        assertTrue(assess.contains("Throughput against users (closed model)"));
        assertTrue(assess.contains("p99 against offered rate (open model, from the intended send time)"));
        assertTrue(assess.contains(">p99 target 200 ms<"), "the target is in the legend");
        assertTrue(assess.contains(">virtual: capacity 950 req/s<"), "each capacity is marked");
        assertTrue(assess.contains("Capacity at the p99 target (whiskers: the bracket, passed to failed)"));
        assertTrue(assess.contains("<code>com.example.Orders.reserve:42</code>"));
        assertTrue(assess.contains("no pinning (jdk.VirtualThreadPinned, 20 ms or longer)"));
        // Curve, search, capacity, four costs.
        assertEquals(7, count(assess, "<svg "));
        assertEquals(0, count(assess, "Latency by percentile"), "no HTTP-arm charts for assessed arms");
    }

    @Test
    void theOnlyScriptMarksThePageReady() {
        assertEquals(1, count(swept, "<script>"));
        assertTrue(swept.contains("setAttribute('" + HtmlFormat.READY_ATTRIBUTE + "'"));
    }

    @Test
    void rendersARunWithoutExperiments() {
        RunResult empty = new RunResult(RunResult.SCHEMA, "t", 0, "loomlab run", "quick",
                FixedRun.run().environment(), List.of());
        String html = new HtmlFormat().render(empty);
        assertTrue(html.contains("<h2>Environment</h2>"));
        assertTrue(html.endsWith("</html>\n"));
    }

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }
}
