package loomlab.core.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import loomlab.core.OneLine;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmMode;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.FailedArm;
import loomlab.core.arm.HttpArmResult;
import loomlab.core.finding.AgainstBound;
import loomlab.core.finding.BreakageFindings;
import loomlab.core.finding.Finding;
import loomlab.core.finding.Flagged;
import loomlab.core.finding.Measure;
import loomlab.core.finding.NotMeasured;
import loomlab.core.finding.Pinned;

/** Finding the arms of a run by their keys, and the findings every experiment shares. */
final class Arms {
    /** Stands for "any mode" when arms are grouped by everything but their thread model. */
    private static final ArmMode ANY_MODE = ArmMode.label("*");

    private Arms() {
    }

    static <R extends ArmResult> List<R> all(List<ArmResult> arms, Class<R> type) {
        return arms.stream().filter(type::isInstance).map(type::cast).toList();
    }

    static <R extends ArmResult> Optional<R> find(List<ArmResult> arms, Class<R> type, Predicate<ArmKey> key) {
        return arms.stream().filter(type::isInstance).map(type::cast).filter(a -> key.test(a.key())).findFirst();
    }

    static <R extends ArmResult> Optional<R> byKey(List<ArmResult> arms, Class<R> type, ArmKey key) {
        return find(arms, type, key::equals);
    }

    /**
     * HTTP arms grouped by everything in their key but the thread model, in the order the groups
     * first appear: each group is one comparison of thread models under the same load.
     */
    static Map<ArmKey, List<HttpArmResult>> byAllButMode(List<ArmResult> arms) {
        Map<ArmKey, List<HttpArmResult>> groups = new LinkedHashMap<>();
        for (HttpArmResult arm : all(arms, HttpArmResult.class)) {
            groups.computeIfAbsent(arm.key().withMode(ANY_MODE), k -> new ArrayList<>()).add(arm);
        }
        return groups;
    }

    /** The headline figure of an HTTP arm beside its bound, when it has one. */
    static Optional<Finding> againstBound(HttpArmResult arm) {
        if (!arm.check().bound().exists() || arm.efficiency() == null) {
            return Optional.empty();
        }
        boolean time = arm.countsRequests();
        double measured = time ? arm.elapsedS() : arm.measured().successfulRequests() / arm.elapsedS();
        return Optional.of(new AgainstBound(arm.key(), time ? Measure.ELAPSED : Measure.THROUGHPUT, measured,
                arm.check().bound(), arm.efficiency()));
    }

    /**
     * What every verdict ends with: the arms whose figures carry flags, what the flight recordings
     * caught, and the arms that did not run.
     */
    static List<Finding> closing(List<ArmResult> arms) {
        List<Finding> findings = new ArrayList<>(breakage(arms));
        for (HttpArmResult arm : all(arms, HttpArmResult.class)) {
            if (!arm.flags().isEmpty()) {
                findings.add(new Flagged(arm.key(), arm.flags()));
            }
        }
        pinned(arms).ifPresent(findings::add);
        notMeasured(arms, null).ifPresent(findings::add);
        return findings;
    }

    static Optional<Finding> pinned(List<ArmResult> arms) {
        List<Pinned.Arm> recorded = all(arms, HttpArmResult.class).stream()
                .filter(a -> a.server().pinnedEvents() != null)
                .map(a -> new Pinned.Arm(a.key(), a.server().pinnedEvents(),
                        a.server().pinnedMs() == null ? 0 : a.server().pinnedMs(), a.watch().hung(),
                        a.watch().pinnedCarriersSeen()))
                .toList();
        return recorded.isEmpty() ? Optional.empty() : Optional.of(new Pinned(recorded));
    }

    /** What broke, as the watchdog caught it: hangs, stalls, and arms that hung on some JDKs only. */
    static List<Finding> breakage(List<ArmResult> arms) {
        return BreakageFindings.of(all(arms, HttpArmResult.class));
    }

    /** The arms that did not run; {@code needed} says what a verdict could not judge without them. */
    static Optional<Finding> notMeasured(List<ArmResult> arms, String needed) {
        List<NotMeasured.Arm> missing = all(arms, FailedArm.class).stream()
                .map(f -> new NotMeasured.Arm(f.key(), f.status(), OneLine.of(f.failure())))
                .toList();
        if (missing.isEmpty() && needed == null) {
            return Optional.empty();
        }
        return Optional.of(new NotMeasured(missing, needed));
    }

    /** The verdict of an experiment that lacks the arms it compares. */
    static List<Finding> noVerdict(List<ArmResult> arms, String needed) {
        return List.of(notMeasured(arms, needed).orElseThrow());
    }
}
