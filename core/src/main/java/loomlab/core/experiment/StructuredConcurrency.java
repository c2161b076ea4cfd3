package loomlab.core.experiment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.HandleOrderArmResult;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.arm.TaskProgram;
import loomlab.core.finding.CloseWaitedForSibling;
import loomlab.core.finding.Finding;
import loomlab.core.finding.HandleOrderCase;
import loomlab.core.finding.KeyFact;
import loomlab.core.finding.KeyFacts;
import loomlab.core.finding.Lead;
import loomlab.core.finding.Measure;
import loomlab.threads.ExecutorMode;
import loomlab.threads.Threads;

/**
 * Seed 003's structured-concurrency slides: handleOrder forks an inventory and an order update,
 * in four situations (both succeed; inventory fails fast; order fails while inventory is slow; the
 * caller is interrupted), written three ways: JDK 25's StructuredTaskScope (preview), an executor
 * closed by try-with-resources as on the slides, and a long-lived executor the call does not close.
 */
public final class StructuredConcurrency implements Experiment {
    static final List<String> CASES = List.of("both-succeed", "inventory-fails", "order-fails-inventory-slow",
            "caller-interrupted");
    /** The arm's parameter that names its case. */
    public static final String CASE = "case";
    static final List<String> STYLES = List.of("scope", "executor", "shared-executor");
    /**
     * The executor the executor styles fork on, as the seed's slides have it: a pool of platform
     * threads. The scope forks a virtual thread per subtask, as StructuredTaskScope.open() does.
     */
    static final ExecutorMode EXECUTOR = ExecutorMode.platform(8);
    static final List<String> CASES_FAILURES_FIRST = List.of("inventory-fails", "order-fails-inventory-slow",
            "caller-interrupted", "both-succeed");

    @Override
    public String name() {
        return "structured-concurrency";
    }

    @Override
    public String question() {
        return "Does StructuredTaskScope cancel and close handleOrder's subtasks as executors do not?";
    }

    @Override
    public String summary() {
        return "seed 003: handleOrder's four cases with StructuredTaskScope (JDK 25 preview) vs an executor closed by"
                + " try-with-resources vs a shared executor: time to the answer, cancelled and leaked subtasks";
    }

    @Override
    public List<ArmPlan> plan(Profile profile) {
        long slowMs = profile.pick(1_000L, 2_000L);
        long fastMs = profile.pick(50L, 100L);
        List<ArmPlan> arms = new ArrayList<>();
        for (String orderCase : CASES) {
            for (String style : STYLES) {
                arms.add(new TaskArmPlan(key(orderCase, style), TaskProgram.STRUCTURED_CONCURRENCY, List.of(),
                        List.of("--cases", orderCase, "--styles", style, "--executor", EXECUTOR.toString(),
                                "--slow-ms", String.valueOf(slowMs),
                                "--fail-ms", String.valueOf(fastMs), "--interrupt-ms", String.valueOf(fastMs),
                                "--work-ms", String.valueOf(2 * fastMs)),
                        Duration.ofSeconds(60), null));
            }
        }
        return arms;
    }

    /** The style is the arm's mode, on the threads it forks its subtasks on; the case is its parameter. */
    static ArmKey key(String orderCase, String style) {
        Threads forks = "scope".equals(style) ? Threads.VIRTUAL : EXECUTOR.threads();
        return ArmKey.program(style, forks).withParam(CASE, ParamValue.named(orderCase));
    }

    @Override
    public List<Finding> findings(List<ArmResult> arms) {
        List<HandleOrderArmResult> results = Arms.all(arms, HandleOrderArmResult.class);
        if (arm(arms, "inventory-fails", "scope").isEmpty() || arm(arms, "inventory-fails", "executor").isEmpty()) {
            return Arms.noVerdict(arms, "the inventory-fails case with a scope and with an executor");
        }
        List<Finding> findings = new ArrayList<>();
        // The cases where a subtask fails or the caller is interrupted first: they are what structure
        // changes, and the first comparison sums the experiment up; when both succeed, every style waits
        // for both subtasks alike.
        for (String orderCase : CASES_FAILURES_FIRST) {
            Optional<HandleOrderArmResult> scope = arm(arms, orderCase, "scope");
            Optional<HandleOrderArmResult> closed = arm(arms, orderCase, "executor");
            if (scope.isPresent() && closed.isPresent()) {
                findings.add(new Lead(Measure.ANSWER_TIME, scope.get().key(), scope.get().answerMs(),
                        closed.get().key(), closed.get().answerMs()));
                closeWaited(closed.get(), scope.get()).ifPresent(findings::add);
            }
        }
        for (HandleOrderArmResult result : results) {
            findings.add(new HandleOrderCase(result.key(), result.caseName(), result.style(), result.answerMs(),
                    result.outcome(), result.siblingCancelled(), result.subtasksCancelled(), result.leaked()));
        }
        Arms.notMeasured(arms, null).ifPresent(findings::add);
        return findings;
    }

    /** Its point comes first: the executor's close that waited for a sibling the scope cancelled. */
    @Override
    public KeyFacts keyFacts(List<Finding> findings) {
        List<CloseWaitedForSibling> waits = KeyFacts.all(findings, CloseWaitedForSibling.class);
        return KeyFacts.of(waits.isEmpty() ? KeyFacts.comparison(findings)
                : Optional.of(new KeyFact.CloseWaited(waits)));
    }

    /**
     * The executor closed by try-with-resources answered well after the scope without cancelling
     * the sibling: close() waited for it.
     */
    private static Optional<Finding> closeWaited(HandleOrderArmResult closed, HandleOrderArmResult scope) {
        boolean failed = !"success".equals(closed.outcome());
        if (!failed || closed.siblingCancelled() || closed.answerMs() < 2 * Math.max(scope.answerMs(), 1)) {
            return Optional.empty();
        }
        return Optional.of(new CloseWaitedForSibling(closed.key(), closed.answerMs(), scope.key(), scope.answerMs()));
    }

    private static Optional<HandleOrderArmResult> arm(List<ArmResult> arms, String orderCase, String style) {
        return Arms.byKey(arms, HandleOrderArmResult.class, key(orderCase, style));
    }
}
