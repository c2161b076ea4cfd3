package loomlab.lab.servers;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import loomlab.core.BadInput;
import loomlab.lab.jdk.Jdk;
import loomlab.lab.jdk.Jdks;

/**
 * Resolves the JDKs a run needs before any arm starts. The JDKs the user named ({@code --jdk}) must
 * all be had: one that cannot is bad input. The JDKs an experiment asks for on its own (the pinning
 * experiment's 21 and 25) are looked for, and installed where the lab can; one that cannot be had
 * skips that experiment's arms on it, with the reason, and the run goes on.
 */
public final class RunJdks {
    private RunJdks() {
    }

    /**
     * @param chosen the JDKs named with {@code --jdk}, already resolved
     * @param wanted every feature version some experiment of the run will run servers on
     */
    public static ServerJdks resolve(Jdks jdks, List<Jdk> chosen, Collection<Integer> wanted)
            throws InterruptedException {
        Map<Integer, ServerJava> available = new LinkedHashMap<>();
        Map<Integer, String> missing = new LinkedHashMap<>();
        chosen.forEach(jdk -> available.put(jdk.feature(), ServerJava.chosen(jdk)));
        for (int feature : wanted) {
            if (available.containsKey(feature) || missing.containsKey(feature)) {
                continue;
            }
            try {
                available.put(feature, ServerJava.chosen(jdks.find(feature)));
            } catch (BadInput e) {
                missing.put(feature, e.getMessage());
            }
        }
        return new ServerJdks(available, missing);
    }
}
