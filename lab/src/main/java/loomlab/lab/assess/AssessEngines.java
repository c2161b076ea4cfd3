package loomlab.lab.assess;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import loomlab.core.BadInput;

/**
 * {@code assess --engine}: what drives the closed-model curve. The capacity search needs arrivals
 * at a fixed rate whatever the answers (the open model), which only the lab's generator offers, so
 * it always uses the lab's; an engine added here drives the curve, and the results say which did
 * what. The seeds' tools (ab, siege, wrk) are not among them: they cannot mix weighted paths.
 */
public final class AssessEngines {
    private static final Map<String, Supplier<ClosedModelEngine>> CURVE = new LinkedHashMap<>();

    static {
        CURVE.put("lab", LabClosedModel::new);
    }

    private AssessEngines() {
    }

    public static ClosedModelEngine curveEngine(String name) {
        String key = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        Supplier<ClosedModelEngine> engine = CURVE.get(key);
        if (engine == null) {
            throw new BadInput("--engine " + name + " cannot assess a service; choose from: "
                    + String.join(", ", CURVE.keySet()) + " (ab, siege and wrk do not mix weighted paths)");
        }
        return engine.get();
    }

    /** Why the capacity search is not the chosen engine's, or null when it is the lab's anyway. */
    public static String capacityNote(ClosedModelEngine curve) {
        return curve.name().equals("lab") ? null : "the curve is measured by " + curve.name() + "; the capacity search"
                + " uses the lab's own generator, since it needs arrivals at a fixed rate (the open model), which "
                + curve.name() + " does not offer";
    }

    /** For the environment recorded with the results. */
    public static String description(ClosedModelEngine curve) {
        return "closed-model curve: " + (curve.name().equals("lab") ? "the lab's generator" : curve.name())
                + " (latency from the actual send); capacity search: the lab's generator in the open model (latency"
                + " from the intended send time, coordinated-omission corrected)";
    }
}
