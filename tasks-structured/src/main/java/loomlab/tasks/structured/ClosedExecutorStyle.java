package loomlab.tasks.structured;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import loomlab.threads.ExecutorMode;

/**
 * handleOrder as on the seed's slides: an executor opened in try-with-resources, joins with
 * Future.get in order. close() waits for every task, so a failure cannot cancel the sibling and the
 * caller learns of it only when the slowest subtask is done.
 */
public final class ClosedExecutorStyle implements OrderStyle {
    private final ExecutorMode mode;

    public ClosedExecutorStyle(ExecutorMode mode) {
        this.mode = mode;
    }

    @Override
    public String label() {
        return "executor";
    }

    @Override
    public int handleOrder(Callable<Integer> inventory, Callable<Integer> order) throws Exception {
        try (ExecutorService executor = mode.newExecutor("handle-order")) {
            return FutureJoin.inOrder(executor, inventory, order);
        }
    }

    @Override
    public void close() {
        // the try-with-resources block already waited
    }
}
