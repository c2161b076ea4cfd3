package loomlab.tasks.structured;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/** The unstructured join both executor styles share: submit both, then get them one after the other. */
final class FutureJoin {
    private FutureJoin() {
    }

    static int inOrder(ExecutorService executor, Callable<Integer> inventory, Callable<Integer> order)
            throws InterruptedException, ExecutionException {
        Future<Integer> theInventory = executor.submit(inventory);
        Future<Integer> theOrder = executor.submit(order);
        return theInventory.get() + theOrder.get();
    }
}
