package loomlab.tasks.structured;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicReference;
import loomlab.threads.ExecutorMode;

/**
 * Runs handleOrder once per case and style on a caller thread of its own, which the experiment
 * can interrupt, and records what the caller saw and what the subtasks did.
 */
public final class HandleOrderExperiment {
    private final CaseTimings timings;
    private final ExecutorMode executorMode;

    public HandleOrderExperiment(CaseTimings timings, ExecutorMode executorMode) {
        this.timings = timings;
        this.executorMode = executorMode;
    }

    public List<CaseResult> run(List<OrderCase> cases, List<StyleChoice> styles) throws InterruptedException {
        List<CaseResult> results = new ArrayList<>(cases.size() * styles.size());
        for (OrderCase orderCase : cases) {
            for (StyleChoice style : styles) {
                results.add(runOne(orderCase, style));
            }
        }
        return results;
    }

    /** What the caller thread observed the moment handleOrder returned or threw. */
    private record CallerView(long answerNanos, Throwable thrown, int runningAtAnswer) {
    }

    public CaseResult runOne(OrderCase orderCase, StyleChoice styleChoice) throws InterruptedException {
        SubtaskTracker tracker = new SubtaskTracker(orderCase.inventory(timings), orderCase.order(timings));
        AtomicReference<CallerView> view = new AtomicReference<>();
        String styleLabel;
        try (OrderStyle style = styleChoice.open(executorMode)) {
            styleLabel = style.label();
            Thread caller = Thread.ofPlatform().name("handle-order-caller").start(() -> {
                long start = System.nanoTime();
                Throwable thrown = null;
                try {
                    style.handleOrder(tracker.inventory(), tracker.order());
                } catch (Exception e) {
                    thrown = e;
                }
                long answer = System.nanoTime() - start;
                view.set(new CallerView(answer, thrown, tracker.running()));
            });
            OptionalLong interruptAfter = orderCase.interruptAfter(timings);
            if (interruptAfter.isPresent()) {
                Thread.sleep(interruptAfter.getAsLong());
                caller.interrupt();
            }
            caller.join();
        } // closing the style waits for any subtask the call left running
        CallerView seen = view.get();
        Throwable thrown = seen.thrown();
        return new CaseResult(orderCase, styleLabel, seen.answerNanos() / 1e6, outcome(thrown),
                thrown == null ? null : thrown.getClass().getSimpleName(),
                thrown == null || thrown.getCause() == null ? null : thrown.getCause().getClass().getSimpleName(),
                tracker.cancelled(), seen.runningAtAnswer(), tracker.inventoryEnd(), tracker.orderEnd());
    }

    static String outcome(Throwable thrown) {
        if (thrown == null) {
            return "success";
        }
        return thrown instanceof InterruptedException ? "interrupted" : "failure";
    }
}
