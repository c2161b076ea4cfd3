package loomlab.tasks.structured;

import java.util.concurrent.Callable;
import java.util.concurrent.StructuredTaskScope;
import java.util.concurrent.StructuredTaskScope.Subtask;

/**
 * handleOrder with JDK 25's StructuredTaskScope (preview): {@code open()} uses the joiner that
 * cancels the scope on the first failed subtask, and close() does not return before every forked
 * thread has ended, so nothing outlives the call.
 */
public final class ScopeStyle implements OrderStyle {

    @Override
    public String label() {
        return "scope";
    }

    @Override
    public int handleOrder(Callable<Integer> inventory, Callable<Integer> order) throws InterruptedException {
        try (var scope = StructuredTaskScope.open()) {
            Subtask<Integer> theInventory = scope.fork(inventory);
            Subtask<Integer> theOrder = scope.fork(order);
            scope.join();
            return theInventory.get() + theOrder.get();
        }
    }

    @Override
    public void close() {
        // the scope already waited for its subtasks
    }
}
