package loomlab.tasks.structured;

import loomlab.threads.ExecutorMode;
import loomlab.threads.Spelled;

/** The handleOrder styles the experiment compares; each opens a fresh {@link OrderStyle} per case. */
public enum StyleChoice implements Spelled {
    SCOPE,
    EXECUTOR,
    SHARED_EXECUTOR;

    public OrderStyle open(ExecutorMode executorMode) {
        return switch (this) {
            case SCOPE -> new ScopeStyle();
            case EXECUTOR -> new ClosedExecutorStyle(executorMode);
            case SHARED_EXECUTOR -> new SharedExecutorStyle(executorMode);
        };
    }

    /** As {@code --styles} takes it and the program's output names it: {@code shared-executor}. */
    @Override
    public String id() {
        return Spelled.hyphenated(this);
    }

    public static StyleChoice parse(String text) {
        return Spelled.parse(StyleChoice.class, "style", text);
    }
}
