package loomlab.core.sweep;

import static loomlab.core.experiment.Figures.num;
import static loomlab.core.experiment.Figures.percent;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.HttpArmResult;

/**
 * One sentence on a sweep, drawn from its results: for each curve, the best throughput it reached,
 * at which value, and how close that came to the Little's-law bound there.
 */
public final class SweepSummary {
    private SweepSummary() {
    }

    /** The sentence, or an empty string when no arm was part of a sweep. */
    public static String describe(List<ArmResult> arms) {
        Map<String, List<HttpArmResult>> curves = curves(arms);
        if (curves.isEmpty()) {
            return "";
        }
        String parameter = curves.values().iterator().next().getFirst().sweep().parameter();
        List<String> parts = new ArrayList<>();
        curves.forEach((label, points) -> {
            HttpArmResult best = points.stream().max(Comparator.comparingDouble(HttpArmResult::throughputRps))
                    .orElseThrow();
            parts.add(label + " peaked at " + num(best.throughputRps()) + " req/s at " + parameter + "="
                    + best.sweep().value() + " (" + percent(best.throughputRps() / best.boundRps()) + " of its "
                    + num(best.boundRps()) + " req/s bound)");
        });
        return "Sweep of " + parameter + ": " + String.join("; ", parts) + ".";
    }

    /**
     * The swept arms that ran, by curve in the order they appear, each curve sorted by value. The
     * curve's label is the arm's name without its {@code , parameter=value} ending.
     */
    public static Map<String, List<HttpArmResult>> curves(List<ArmResult> arms) {
        Map<String, List<HttpArmResult>> curves = new LinkedHashMap<>();
        for (ArmResult arm : arms) {
            if (arm instanceof HttpArmResult http && http.sweep() != null) {
                curves.computeIfAbsent(curveLabel(http), key -> new ArrayList<>()).add(http);
            }
        }
        curves.values().forEach(points -> points.sort(Comparator.comparingInt(p -> p.sweep().value())));
        return curves;
    }

    static String curveLabel(HttpArmResult arm) {
        String ending = ", " + arm.sweep().parameter() + "=" + arm.sweep().value();
        String name = arm.name();
        return name.endsWith(ending) ? name.substring(0, name.length() - ending.length()) : name;
    }
}
