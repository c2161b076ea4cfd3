package loomlab.lab.report.html;

import java.util.Locale;
import loomlab.lab.report.chart.Svg;

/** Escaping for HTML text and attribute values; the same rules as the charts' XML. */
public final class Html {
    private Html() {
    }

    public static String escape(String text) {
        return Svg.escape(text);
    }

    /** A fragment identifier for an experiment's section, from its name. */
    public static String anchor(String name) {
        return "exp-" + name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
    }
}
