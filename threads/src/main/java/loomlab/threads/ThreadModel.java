package loomlab.threads;

import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * The thread models every arm switches between. Each constant builds its own executor, so the code
 * that runs tasks never branches on the model (the JMH way of keeping a benchmark parameter honest).
 */
public enum ThreadModel {
    /** A fixed pool of N platform threads: Tomcat's and the seeds' classic setting. */
    PLATFORM(Threads.PLATFORM.id(), Threads.PLATFORM, true) {
        @Override
        public ExecutorService newExecutor(int limit, String name) {
            return Executors.newFixedThreadPool(limit, platformThreads(name));
        }
    },
    /** An unbounded pool that reuses idle platform threads and creates new ones on demand. */
    CACHED("cached", Threads.PLATFORM, false) {
        @Override
        public ExecutorService newExecutor(int limit, String name) {
            return Executors.newCachedThreadPool(platformThreads(name));
        }
    },
    /** A new platform thread for every task. */
    PER_TASK("per-task", Threads.PLATFORM, false) {
        @Override
        public ExecutorService newExecutor(int limit, String name) {
            return Executors.newThreadPerTaskExecutor(platformThreads(name));
        }
    },
    /** A new virtual thread for every task, optionally with at most N running at once. */
    VIRTUAL(Threads.VIRTUAL.id(), Threads.VIRTUAL, true) {
        @Override
        public ExecutorService newExecutor(int limit, String name) {
            ExecutorService perTask = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name(name + "-v", 0).factory());
            return limit == UNBOUNDED ? perTask : new BoundedExecutor(perTask, limit);
        }
    };

    /** The limit of a model that takes none. */
    public static final int UNBOUNDED = 0;

    private final String label;
    private final Threads threads;
    private final boolean takesLimit;

    ThreadModel(String label, Threads threads, boolean takesLimit) {
        this.label = label;
        this.threads = threads;
        this.takesLimit = takesLimit;
    }

    /** Builds this model's executor; {@code limit} is N for {@code platform:N} and {@code virtual:N}, else ignored. */
    public abstract ExecutorService newExecutor(int limit, String name);

    public String label() {
        return label;
    }

    /** The threads this model's executor runs its tasks on. */
    public Threads threads() {
        return threads;
    }

    public boolean takesLimit() {
        return takesLimit;
    }

    static ThreadFactory platformThreads(String name) {
        AtomicLong counter = new AtomicLong();
        return runnable -> {
            Thread thread = new Thread(runnable, name + "-p" + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    static ThreadModel byLabel(String label) {
        for (ThreadModel model : values()) {
            if (model.label.equals(label)) {
                return model;
            }
        }
        return null;
    }

    static String labels() {
        return Arrays.stream(values()).map(ThreadModel::label).collect(Collectors.joining(", "));
    }
}
