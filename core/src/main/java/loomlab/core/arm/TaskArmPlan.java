package loomlab.core.arm;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * One run of a task program in a child JVM.
 *
 * @param key       the arm's identity; its mode is the variant as the program names it
 *                  (e.g. {@code virtual}, {@code cached})
 * @param jvmArgs   flags for the child JVM, before {@code -jar}
 * @param args      the program's own arguments, after its subcommand
 * @param timeout   how long the child may take before the arm fails
 * @param published the seed's figure for this arm, or null
 */
public record TaskArmPlan(ArmKey key, TaskProgram program, List<String> jvmArgs, List<String> args,
                          Duration timeout, Published published) implements ArmPlan {
    public TaskArmPlan {
        Objects.requireNonNull(key);
        Objects.requireNonNull(program);
        jvmArgs = List.copyOf(jvmArgs);
        args = List.copyOf(args);
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive");
        }
    }

    /**
     * Task throughput's whole-process time and fairness's light-task waits are figures of each run,
     * which a spread is made of.
     */
    @Override
    public boolean repeatable() {
        return program == TaskProgram.TASK_THROUGHPUT || program == TaskProgram.FAIRNESS;
    }
}
