package loomlab.lab.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ChartsTest {
    @Test
    void textIsEscapedEverywhere() {
        assertEquals("a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;", Svg.escape("a <b> & \"c\" 'd'"));
        assertEquals("bell", Svg.escape("be\u0007ll"));
        String svg = LineChart.titled("<script>alert(1)</script>")
                .series(Series.solid("x & y", List.of(new Point(1, 2), new Point(2, 3)), "#000")).render();
        assertFalse(svg.contains("<script>"), svg);
        assertTrue(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), svg);
        assertTrue(svg.contains(">x &amp; y<"), svg);
    }

    @Test
    void aLineChartDrawsOnePathPerSeriesWithAMarkerPerPoint() {
        String svg = LineChart.titled("t").x(Axis.linear("s")).y(Axis.linear("req/s"))
                .series(Series.solid("a", List.of(new Point(0, 0), new Point(1, 10), new Point(2, 20)), "#111"))
                .series(Series.dashed("bound", List.of(new Point(0, 20), new Point(2, 20)), "#222")).render();
        assertEquals(2, count(svg, "<path "));
        assertEquals(3, count(svg, "<circle "));
        assertTrue(svg.contains("stroke-dasharray=\"6 4\""), svg);
        assertTrue(svg.startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\""), svg);
        assertTrue(svg.endsWith("</svg>"), svg);
    }

    @Test
    void aMissingValueLeavesAGapAndALogAxisLeavesOutZero() {
        String svg = LineChart.titled("t").y(Axis.log("ms"))
                .series(Series.solid("a", List.of(new Point(0, 5), new Point(1, 6), new Point(2, Double.NaN),
                        new Point(3, 0), new Point(4, 7), new Point(5, 8)), "#111")).render();
        Matcher path = Pattern.compile("<path d=\"([^\"]+)\"").matcher(svg);
        assertTrue(path.find(), svg);
        assertEquals(2, count(path.group(1), "M"), path.group(1));
        assertEquals(2, count(path.group(1), "L"), path.group(1));
    }

    @Test
    void aChartWithoutDataSaysSo() {
        assertTrue(LineChart.titled("t").series(Series.solid("a", List.of(), "#111")).render().contains(">no data<"));
        assertTrue(LineChart.titled("t").y(Axis.log("ms")).series(Series.solid("a", List.of(new Point(1, 0)), "#111"))
                .render().contains(">no data<"));
    }

    @Test
    void aBarChartDrawsABarPerValueAndWhiskersForSpreads() {
        String svg = BarChart.titled("t").categories(List.of("one", "two"))
                .group(new BarChart.Group("measured", "#111", List.of(10.0, 20.0), List.of(9.0, 18.0),
                        List.of(11.0, 25.0)))
                .group(BarChart.Group.of("bound", "#222", List.of(12.0, Double.NaN)))
                .axis(Axis.linear("req/s")).render();
        assertEquals(3, count(svg, "<rect "));
        assertTrue(svg.contains(">n/a<"), svg);
        assertTrue(svg.contains("runs from 18.0 to 25.0"), svg);
    }

    @Test
    void aBarGroupMustHaveAValuePerCategory() {
        BarChart chart = BarChart.titled("t").categories(List.of("one", "two"));
        assertThrows(IllegalArgumentException.class, () -> chart.group(BarChart.Group.of("g", "#111", List.of(1.0))));
    }

    @Test
    void coordinatesHaveAtMostOneDecimal() {
        assertEquals("12", Svg.num(12.04));
        assertEquals("12.1", Svg.num(12.06));
        assertEquals("-3.5", Svg.num(-3.5));
    }

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }
}
