package loomlab.core.experiment;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import loomlab.core.arm.ArmResult;

/** Finding the task-program arms of a run by type and name, for verdicts. */
final class TaskArms {
    private TaskArms() {
    }

    static <R extends ArmResult> Optional<R> named(List<ArmResult> arms, Class<R> type, String name) {
        return arms.stream().filter(type::isInstance).map(type::cast).filter(a -> a.name().equals(name)).findFirst();
    }

    static <R extends ArmResult> List<R> all(List<ArmResult> arms, Class<R> type) {
        return arms.stream().filter(type::isInstance).map(type::cast).toList();
    }

    /** A count with thousands separators, the way the seeds wrote them. */
    static String count(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    /** The verdict when the arms it needs did not run. */
    static String noVerdict(String needed, List<ArmResult> arms) {
        String missing = Figures.missing(arms);
        return "No verdict: " + needed + " did not run." + (missing.isEmpty() ? "" : " " + missing);
    }
}
