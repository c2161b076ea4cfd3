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

    public static StyleChoice parse(String text) {
        return Spelled.parse(StyleChoice.class, "style", text);
    }
}
