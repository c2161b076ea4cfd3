package loomlab.tasks.structured;

import java.util.Arrays;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/** Seed 003's four handleOrder situations. */
public enum OrderCase {
    BOTH_SUCCEED("both-succeed") {
        @Override
        SubtaskPlan inventory(CaseTimings t) {
            return SubtaskPlan.succeedAfter(t.workMillis());
        }

        @Override
        SubtaskPlan order(CaseTimings t) {
            return SubtaskPlan.succeedAfter(t.workMillis());
        }
    },
    /** The inventory update fails fast while the order update is still working. */
    INVENTORY_FAILS("inventory-fails") {
        @Override
        SubtaskPlan inventory(CaseTimings t) {
            return SubtaskPlan.failAfter(t.failMillis());
        }

        @Override
        SubtaskPlan order(CaseTimings t) {
            return SubtaskPlan.succeedAfter(t.slowMillis());
        }
    },
    /** The order update fails while the caller is still blocked on the slow inventory update. */
    ORDER_FAILS_INVENTORY_SLOW("order-fails-inventory-slow") {
        @Override
        SubtaskPlan inventory(CaseTimings t) {
            return SubtaskPlan.succeedAfter(t.slowMillis());
        }

        @Override
        SubtaskPlan order(CaseTimings t) {
            return SubtaskPlan.failAfter(t.failMillis());
        }
    },
    /** Both updates are slow and the thread that called handleOrder is interrupted. */
    CALLER_INTERRUPTED("caller-interrupted") {
        @Override
        SubtaskPlan inventory(CaseTimings t) {
            return SubtaskPlan.succeedAfter(t.slowMillis());
        }

        @Override
        SubtaskPlan order(CaseTimings t) {
            return SubtaskPlan.succeedAfter(t.slowMillis());
        }

        @Override
        OptionalLong interruptAfter(CaseTimings t) {
            return OptionalLong.of(t.interruptMillis());
        }
    };

    private final String label;

    OrderCase(String label) {
        this.label = label;
    }

    abstract SubtaskPlan inventory(CaseTimings timings);

    abstract SubtaskPlan order(CaseTimings timings);

    /** When the experiment interrupts the caller, if it does in this case. */
    OptionalLong interruptAfter(CaseTimings timings) {
        return OptionalLong.empty();
    }

    public String label() {
        return label;
    }

    public static OrderCase parse(String text) {
        return Arrays.stream(values()).filter(c -> c.label.equals(text)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown case '" + text + "'; choose from: " + choices()));
    }

    public static String choices() {
        return Arrays.stream(values()).map(OrderCase::label).collect(Collectors.joining(", "));
    }
}
