package loomlab.tasks.structured;

import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The two simulated updates of one handleOrder call, instrumented so the experiment can see from
 * outside how many are still running and how each ended, whichever style ran them.
 */
public final class SubtaskTracker {
    private static final int INVENTORY_RESULT = 17;
    private static final int ORDER_RESULT = 42;

    private final AtomicInteger running = new AtomicInteger();
    private final AtomicReference<SubtaskEnd> inventoryEnd = new AtomicReference<>(SubtaskEnd.NOT_STARTED);
    private final AtomicReference<SubtaskEnd> orderEnd = new AtomicReference<>(SubtaskEnd.NOT_STARTED);
    private final Callable<Integer> inventory;
    private final Callable<Integer> order;

    public SubtaskTracker(SubtaskPlan inventoryPlan, SubtaskPlan orderPlan) {
        this.inventory = tracked("inventory", inventoryPlan, inventoryEnd, INVENTORY_RESULT);
        this.order = tracked("order", orderPlan, orderEnd, ORDER_RESULT);
    }

    public Callable<Integer> inventory() {
        return inventory;
    }

    public Callable<Integer> order() {
        return order;
    }

    /** Subtasks that started and have not yet ended. */
    public int running() {
        return running.get();
    }

    public SubtaskEnd inventoryEnd() {
        return inventoryEnd.get();
    }

    public SubtaskEnd orderEnd() {
        return orderEnd.get();
    }

    /** Subtasks interrupted before their work was done. */
    public int cancelled() {
        return (inventoryEnd() == SubtaskEnd.CANCELLED ? 1 : 0) + (orderEnd() == SubtaskEnd.CANCELLED ? 1 : 0);
    }

    /** The answer handleOrder composes when both updates succeed. */
    public static int combined() {
        return INVENTORY_RESULT + ORDER_RESULT;
    }

    private Callable<Integer> tracked(String name, SubtaskPlan plan, AtomicReference<SubtaskEnd> end, int result) {
        return () -> {
            running.incrementAndGet();
            end.set(SubtaskEnd.RUNNING);
            try {
                Thread.sleep(plan.millis());
                if (plan.fails()) {
                    end.set(SubtaskEnd.FAILED);
                    throw new SimulatedFailure(name);
                }
                end.set(SubtaskEnd.SUCCEEDED);
                return result;
            } catch (InterruptedException e) {
                end.set(SubtaskEnd.CANCELLED);
                throw e;
            } finally {
                running.decrementAndGet();
            }
        };
    }
}
