package loomlab.lab.report.chart;

import java.util.List;
import java.util.Locale;

/**
 * A small SVG writer: shapes and text with presentation attributes, so that every chart stands on
 * its own (no style sheet, no fonts or scripts from anywhere). All text is escaped here, the only
 * place where text enters the markup.
 */
public final class Svg {
    static final String FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
    static final String INK = "#1f2933";
    static final String MUTED = "#616e7c";
    static final String GRID = "#e4e7eb";

    private final StringBuilder out = new StringBuilder();

    Svg(double width, double height, String label) {
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" role=\"img\" width=\"").append(num(width))
                .append("\" height=\"").append(num(height)).append("\" viewBox=\"0 0 ").append(num(width)).append(' ')
                .append(num(height)).append("\" font-family=\"").append(escape(FONT))
                .append("\" font-size=\"12\" aria-label=\"").append(escape(label)).append("\">");
        out.append("<title>").append(escape(label)).append("</title>");
    }

    Svg line(double x1, double y1, double x2, double y2, String stroke, double width, String dash) {
        out.append("<line x1=\"").append(num(x1)).append("\" y1=\"").append(num(y1)).append("\" x2=\"")
                .append(num(x2)).append("\" y2=\"").append(num(y2)).append("\" stroke=\"").append(stroke)
                .append("\" stroke-width=\"").append(num(width)).append('"');
        dash(dash);
        out.append("/>");
        return this;
    }

    /** A polyline through the points; each inner list is drawn as its own run, so gaps stay gaps. */
    Svg path(List<List<double[]>> runs, String stroke, double width, String dash, String tooltip) {
        StringBuilder d = new StringBuilder();
        for (List<double[]> run : runs) {
            for (int i = 0; i < run.size(); i++) {
                d.append(i == 0 ? (d.isEmpty() ? "M" : " M") : " L").append(num(run.get(i)[0])).append(',')
                        .append(num(run.get(i)[1]));
            }
        }
        if (d.isEmpty()) {
            return this;
        }
        out.append("<path d=\"").append(d).append("\" fill=\"none\" stroke=\"").append(stroke)
                .append("\" stroke-width=\"").append(num(width))
                .append("\" stroke-linejoin=\"round\" stroke-linecap=\"round\"");
        dash(dash);
        out.append("><title>").append(escape(tooltip)).append("</title></path>");
        return this;
    }

    Svg circle(double x, double y, double radius, String fill, String tooltip) {
        out.append("<circle cx=\"").append(num(x)).append("\" cy=\"").append(num(y)).append("\" r=\"")
                .append(num(radius)).append("\" fill=\"").append(fill).append("\"><title>").append(escape(tooltip))
                .append("</title></circle>");
        return this;
    }

    Svg rect(double x, double y, double width, double height, String fill, String tooltip) {
        out.append("<rect x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" width=\"")
                .append(num(Math.max(0, width))).append("\" height=\"").append(num(Math.max(0, height)))
                .append("\" fill=\"").append(fill).append('"');
        if (tooltip == null) {
            out.append("/>");
        } else {
            out.append("><title>").append(escape(tooltip)).append("</title></rect>");
        }
        return this;
    }

    /** Text at (x, y); anchor is start, middle or end. */
    Svg text(double x, double y, String anchor, String fill, double size, String weight, String text) {
        out.append("<text x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" text-anchor=\"")
                .append(anchor).append("\" fill=\"").append(fill).append('"');
        if (size != 12) {
            out.append(" font-size=\"").append(num(size)).append('"');
        }
        if (weight != null) {
            out.append(" font-weight=\"").append(weight).append('"');
        }
        out.append('>').append(escape(text)).append("</text>");
        return this;
    }

    String close() {
        return out.append("</svg>").toString();
    }

    private void dash(String dash) {
        if (dash != null) {
            out.append(" stroke-dasharray=\"").append(dash).append('"');
        }
    }

    /** Escapes text for use in XML content and attribute values. */
    public static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder escaped = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                default -> {
                    // Control characters other than tab and newlines are not allowed in XML at all.
                    if (c >= 0x20 || c == '\t' || c == '\n' || c == '\r') {
                        escaped.append(c);
                    }
                }
            }
        }
        return escaped.toString();
    }

    /** Coordinates with at most one decimal: enough for a pixel, and stable text for golden files. */
    static String num(double value) {
        double rounded = Math.round(value * 10) / 10.0;
        if (rounded == Math.rint(rounded)) {
            return Long.toString((long) rounded);
        }
        return String.format(Locale.ROOT, "%.1f", rounded);
    }

    /** A rough width of text in the chart font, for laying out legends and labels without a browser. */
    static double textWidth(String text, double size) {
        return text.length() * size * 0.58;
    }
}
