package loomlab.core.sweep;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.finding.Finding;
import loomlab.core.finding.SweepPeak;

/**
 * What a sweep's results show: for each curve, the best throughput it reached, at which value, and
 * the bound there.
 */
public final class SweepSummary {
    private SweepSummary() {
    }

    /** One finding per curve, or none when no arm was part of a sweep. */
    public static List<Finding> findings(List<ArmResult> arms) {
        List<Finding> findings = new ArrayList<>();
        curves(arms).values().forEach(points -> {
            HttpArmResult best = points.stream().max(Comparator.comparingDouble(HttpArmResult::throughputRps))
                    .orElseThrow();
            findings.add(new SweepPeak(best.key(), best.sweep().parameter(), best.sweep().value(),
                    best.throughputRps(), best.boundRps()));
        });
        return findings;
    }

    /**
     * The swept arms that ran, by curve (the key without the swept value) in the order they
     * appear, each curve sorted by value.
     */
    public static Map<ArmKey, List<HttpArmResult>> curves(List<ArmResult> arms) {
        Map<ArmKey, List<HttpArmResult>> curves = new LinkedHashMap<>();
        for (ArmResult arm : arms) {
            if (arm instanceof HttpArmResult http && http.sweep() != null) {
                SweepParameter parameter = SweepParameter.find(http.sweep().parameter()).orElseThrow();
                curves.computeIfAbsent(parameter.curveKey(http.key()), key -> new ArrayList<>()).add(http);
            }
        }
        curves.values().forEach(points -> points.sort(Comparator.comparingInt(p -> p.sweep().value())));
        return curves;
    }
}
