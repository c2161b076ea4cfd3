package loomlab.tasks.structured;

import java.util.OptionalLong;
import loomlab.threads.Spelled;

/** Seed 003's four handleOrder situations. */
public enum OrderCase implements Spelled {
    BOTH_SUCCEED {
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
    INVENTORY_FAILS {
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
    ORDER_FAILS_INVENTORY_SLOW {
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
    CALLER_INTERRUPTED {
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

    abstract SubtaskPlan inventory(CaseTimings timings);

    abstract SubtaskPlan order(CaseTimings timings);

    /** When the experiment interrupts the caller, if it does in this case. */
    OptionalLong interruptAfter(CaseTimings timings) {
        return OptionalLong.empty();
    }

    public static OrderCase parse(String text) {
        return Spelled.parse(OrderCase.class, "case", text);
    }
}
