package loomlab.core.experiment;

import static loomlab.core.experiment.Figures.num;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ArmResult;
import loomlab.core.arm.HandleOrderArmResult;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.arm.TaskProgram;

/**
 * Seed 003's structured-concurrency slides: handleOrder forks an inventory and an order update,
 * in four situations (both succeed; inventory fails fast; order fails while inventory is slow; the
 * caller is interrupted), written three ways: JDK 25's StructuredTaskScope (preview), an executor
 * closed by try-with-resources as on the slides, and a long-lived executor the call does not close.
 */
public final class StructuredConcurrency implements Experiment {
    static final List<String> CASES = List.of("both-succeed", "inventory-fails", "order-fails-inventory-slow",
            "caller-interrupted");
    static final List<String> STYLES = List.of("scope", "executor", "shared-executor");

    @Override
    public String name() {
        return "structured-concurrency";
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
                arms.add(new TaskArmPlan(armName(orderCase, style), style, TaskProgram.STRUCTURED_CONCURRENCY, List.of(),
                        List.of("--cases", orderCase, "--styles", style, "--slow-ms", String.valueOf(slowMs),
                                "--fail-ms", String.valueOf(fastMs), "--interrupt-ms", String.valueOf(fastMs),
                                "--work-ms", String.valueOf(2 * fastMs)),
                        Duration.ofSeconds(60), null));
            }
        }
        return arms;
    }

    static String armName(String orderCase, String style) {
        return orderCase + " / " + style;
    }

    @Override
    public String verdict(List<ArmResult> arms) {
        Optional<HandleOrderArmResult> scope = arm(arms, "inventory-fails", "scope");
        Optional<HandleOrderArmResult> closed = arm(arms, "inventory-fails", "executor");
        if (scope.isEmpty() || closed.isEmpty()) {
            return TaskArms.noVerdict("the inventory-fails case with a scope and with an executor", arms);
        }
        List<String> sentences = new ArrayList<>();
        sentences.add("When the inventory update failed, the scope answered after " + num(scope.get().answerMs())
                + " ms and " + (scope.get().siblingCancelled() ? "cancelled" : "did not cancel")
                + " the order update; the executor closed by try-with-resources answered after "
                + num(closed.get().answerMs()) + " ms, because close() waits for the slow order update it "
                + (closed.get().siblingCancelled() ? "cancelled." : "never cancels."));
        arm(arms, "inventory-fails", "shared-executor").ifPresent(shared -> sentences.add("A shared executor answered"
                + " after " + num(shared.answerMs()) + " ms but left " + shared.leaked() + " subtask(s) running."));
        arm(arms, "order-fails-inventory-slow", "executor").ifPresent(blocked -> sentences.add("When the order update"
                + " failed first, Future.get on the slow inventory update kept the executor's caller waiting "
                + num(blocked.answerMs()) + " ms" + arm(arms, "order-fails-inventory-slow", "scope")
                .map(s -> " against the scope's " + num(s.answerMs()) + " ms.").orElse(".")));
        arm(arms, "caller-interrupted", "scope").ifPresent(s -> sentences.add("An interrupted caller left "
                + s.leaked() + " subtasks running with the scope (" + s.subtasksCancelled() + " cancelled)"
                + arm(arms, "caller-interrupted", "shared-executor").map(shared -> " and " + shared.leaked()
                        + " with the shared executor").orElse("") + "."));
        String missing = Figures.missing(arms);
        return String.join(" ", sentences) + (missing.isEmpty() ? "" : " " + missing);
    }

    private static Optional<HandleOrderArmResult> arm(List<ArmResult> arms, String orderCase, String style) {
        return TaskArms.named(arms, HandleOrderArmResult.class, armName(orderCase, style));
    }
}
