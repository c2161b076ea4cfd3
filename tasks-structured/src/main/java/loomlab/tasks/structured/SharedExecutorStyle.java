package loomlab.tasks.structured;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import loomlab.threads.ExecutorMode;

/**
 * handleOrder on a long-lived executor that the call does not close, the usual application pool:
 * the caller gets failures and interrupts sooner, and whatever it stops waiting for keeps running
 * in the background (leaks).
 */
public final class SharedExecutorStyle implements OrderStyle {
    private final ExecutorService executor;

    public SharedExecutorStyle(ExecutorMode mode) {
        this.executor = mode.newExecutor("shared-pool");
    }

    @Override
    public String label() {
        return "shared-executor";
    }

    @Override
    public int handleOrder(Callable<Integer> inventory, Callable<Integer> order) throws Exception {
        return FutureJoin.inOrder(executor, inventory, order);
    }

    /** Lets the leaked work finish: the pool is the experiment's, not the caller's. */
    @Override
    public void close() {
        executor.close();
    }
}
