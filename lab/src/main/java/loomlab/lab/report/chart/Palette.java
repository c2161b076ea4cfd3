package loomlab.lab.report.chart;

import java.util.List;

/**
 * Colours that stay distinguishable next to each other and for the common colour-vision
 * deficiencies (Tableau 10); beyond ten they repeat.
 */
public final class Palette {
    private static final List<String> COLOURS = List.of("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1",
            "#76b7b2", "#edc948", "#ff9da7", "#9c755f", "#bab0ac");

    private Palette() {
    }

    public static String colour(int index) {
        return COLOURS.get(Math.floorMod(index, COLOURS.size()));
    }
}
