package loomlab.lab.servers;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The JDKs a run's servers under test run on, by feature version, resolved once before any arm
 * starts: those found (or installed), and for each one that could not be had, why. An arm on a
 * missing JDK is skipped with that reason; the rest of the run goes on.
 *
 * @param available the chosen JDKs by feature version
 * @param missing   why a JDK an experiment wanted could not be had, by feature version
 */
public record ServerJdks(Map<Integer, ServerJava> available, Map<Integer, String> missing) {
    public static final ServerJdks NONE = new ServerJdks(Map.of(), Map.of());

    public ServerJdks {
        available = Map.copyOf(available);
        missing = Map.copyOf(missing);
    }

    /** The java of {@code feature}; an {@link IllegalStateException} when the run has none. */
    public ServerJava of(int feature) {
        ServerJava java = available.get(feature);
        if (java == null) {
            throw new IllegalStateException("no JDK " + feature + " was resolved for this run"
                    + (missing.containsKey(feature) ? ": " + missing.get(feature) : ""));
        }
        return java;
    }

    /** Why the JDK of {@code feature} could not be had, or null when it is available or was never wanted. */
    public String whyMissing(Integer feature) {
        return feature == null || available.containsKey(feature) ? null : missing.get(feature);
    }

    /** For the environment in results.json: {@code 21: 21.0.8+9-LTS (/path/bin/java)}, in feature order. */
    public List<String> described() {
        return new TreeMap<>(available).values().stream()
                .map(j -> j.feature() + ": " + j.runtimeVersion() + " (" + j.java() + ")").toList();
    }
}
