package loomlab.tasks.structured;

import java.util.Arrays;
import java.util.stream.Collectors;
import loomlab.threads.ExecutorMode;

/** The handleOrder styles the experiment compares; each opens a fresh {@link OrderStyle} per case. */
public enum StyleChoice {
    SCOPE("scope"),
    EXECUTOR("executor"),
    SHARED_EXECUTOR("shared-executor");

    private final String label;

    StyleChoice(String label) {
        this.label = label;
    }

    public OrderStyle open(ExecutorMode executorMode) {
        return switch (this) {
            case SCOPE -> new ScopeStyle();
            case EXECUTOR -> new ClosedExecutorStyle(executorMode);
            case SHARED_EXECUTOR -> new SharedExecutorStyle(executorMode);
        };
    }

    public String label() {
        return label;
    }

    public static StyleChoice parse(String text) {
        return Arrays.stream(values()).filter(s -> s.label.equals(text)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown style '" + text + "'; choose from: " + choices()));
    }

    public static String choices() {
        return Arrays.stream(values()).map(StyleChoice::label).collect(Collectors.joining(", "));
    }
}
