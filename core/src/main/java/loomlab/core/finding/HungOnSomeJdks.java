package loomlab.core.finding;

import java.util.List;
import loomlab.core.arm.ArmKey;

/**
 * The same arm on several JDKs, hung on some and completed on others: what moving JDK changes.
 *
 * @param arm       the arm's key without its JDK
 * @param hungOn    the JDKs on which it hung
 * @param completed the JDKs on which it completed, with the requests it answered there (null when the arm
 *                  counts none as one figure)
 */
public record HungOnSomeJdks(ArmKey arm, List<Integer> hungOn, List<Completed> completed) implements BreakageFinding {
    public HungOnSomeJdks {
        hungOn = List.copyOf(hungOn);
        completed = List.copyOf(completed);
    }

    public record Completed(int jdk, Long requests) {
    }
}
