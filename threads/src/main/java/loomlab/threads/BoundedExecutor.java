package loomlab.threads;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * At most N tasks of a per-task executor run at once ({@code virtual:N}). Submission never blocks
 * the caller (an accept or poller thread): each task waits for a permit on its own thread, which
 * for virtual threads costs a parked continuation, not an OS thread.
 */
final class BoundedExecutor extends AbstractExecutorService {
    private final ExecutorService perTask;
    private final Semaphore permits;

    BoundedExecutor(ExecutorService perTask, int limit) {
        this.perTask = perTask;
        this.permits = new Semaphore(limit, true);
    }

    @Override
    public void execute(Runnable task) {
        perTask.execute(() -> {
            permits.acquireUninterruptibly();
            try {
                task.run();
            } finally {
                permits.release();
            }
        });
    }

    @Override
    public void shutdown() {
        perTask.shutdown();
    }

    @Override
    public List<Runnable> shutdownNow() {
        return perTask.shutdownNow();
    }

    @Override
    public boolean isShutdown() {
        return perTask.isShutdown();
    }

    @Override
    public boolean isTerminated() {
        return perTask.isTerminated();
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return perTask.awaitTermination(timeout, unit);
    }
}
