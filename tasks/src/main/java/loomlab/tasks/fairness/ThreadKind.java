package loomlab.tasks.fairness;

import java.util.concurrent.ThreadFactory;

/** Which kind of thread a group of fairness tasks runs on, one new thread per task as in the seed. */
public enum ThreadKind {
    PLATFORM {
        @Override
        ThreadFactory factory() {
            return Thread.ofPlatform().factory();
        }
    },
    VIRTUAL {
        @Override
        ThreadFactory factory() {
            return Thread.ofVirtual().factory();
        }
    };

    abstract ThreadFactory factory();

    public String label() {
        return name().toLowerCase();
    }
}
