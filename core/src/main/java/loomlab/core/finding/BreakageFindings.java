package loomlab.core.finding;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.Watched;
import loomlab.core.breakage.Outcome;

/**
 * What broke, as the watchdog caught it, for any experiment: each arm that hung and each that stalled,
 * and an arm that hung on some JDKs but completed on others.
 */
public final class BreakageFindings {
    private BreakageFindings() {
    }

    public static List<Finding> of(List<? extends Watched> arms) {
        List<Finding> findings = new ArrayList<>();
        for (Watched arm : arms) {
            if (arm.watch().hang() != null) {
                findings.add(new ArmHung(arm.key(), arm.watch().hang()));
            }
            if (!arm.watch().stalls().isEmpty()) {
                findings.add(new ArmStalled(arm.key(), arm.watch().stalls()));
            }
        }
        Map<ArmKey, List<Watched>> byJdk = new LinkedHashMap<>();
        arms.stream().filter(a -> a.key().jdk() != null)
                .forEach(a -> byJdk.computeIfAbsent(a.key().withJdk(null), k -> new ArrayList<>()).add(a));
        byJdk.forEach((key, onJdks) -> {
            List<Integer> hung = onJdks.stream().filter(a -> a.watch().hung()).map(a -> a.key().jdk()).toList();
            List<HungOnSomeJdks.Completed> completed = onJdks.stream()
                    .filter(a -> a.watch().outcome() == Outcome.COMPLETED)
                    .map(a -> new HungOnSomeJdks.Completed(a.key().jdk(), a.answered())).toList();
            if (!hung.isEmpty() && !completed.isEmpty()) {
                findings.add(new HungOnSomeJdks(key, hung, completed));
            }
        });
        return findings;
    }
}
