package loomlab.core.arm;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import loomlab.core.BadInput;

/**
 * How many carriers the virtual-thread scheduler runs: {@code jdk.virtualThreadScheduler.parallelism}.
 * The scheduler has no other setting that bears on fairness (no time slice): more carriers is the one
 * mitigation a run can measure. As a mitigation ({@link #flags}) the count is the one setting that
 * differs from the arm it is compared with: {@code maxPoolSize}, the most carriers the scheduler may
 * add to make up for blocked ones, stays the JDK's default there as in that arm.
 */
public record Carriers(int count) {
    /** More carriers than this is no setting anyone deploys; the JDK itself caps the pool at 32767. */
    public static final int MOST = 1024;
    /** The arm parameter that holds the count, when an arm sets its carriers beside a sibling that does not. */
    public static final String PARAM = "carriers";

    public Carriers {
        if (count < 1 || count > MOST) {
            throw new BadInput("carriers must be from 1 to " + MOST + ", got " + count);
        }
    }

    /**
     * The parallelism alone: an arm with these flags differs from the scheduler's default in the
     * carriers it runs and in nothing else, so what changes is the count's doing. {@code maxPoolSize}
     * keeps its default (256, or the parallelism when that is larger), as in the default arm.
     */
    public List<String> flags() {
        return List.of("-Djdk.virtualThreadScheduler.parallelism=" + count);
    }

    /**
     * The parallelism with {@code maxPoolSize} set to the same: exactly this many carriers, none added
     * to make up for blocked ones. For an experiment that holds the count fixed and compares nothing
     * against the default (the pinning experiment's few carriers), never for a mitigation.
     */
    public List<String> fixedFlags() {
        return List.of("-Djdk.virtualThreadScheduler.parallelism=" + count,
                "-Djdk.virtualThreadScheduler.maxPoolSize=" + count);
    }

    /** {@code 4,8}: each a whole number from 1 to {@value #MOST}, duplicates dropped; anything else is bad input. */
    public static List<Carriers> parseList(String text) {
        if (text == null || text.isBlank()) {
            throw new BadInput("--carriers needs a number or a list of numbers from 1 to " + MOST + ", e.g. 4,8");
        }
        LinkedHashSet<Integer> counts = new LinkedHashSet<>();
        for (String part : text.split(",", -1)) {
            String number = part.trim();
            if (!number.matches("-?\\d{1,9}")) {
                throw new BadInput("--carriers takes whole numbers from 1 to " + MOST + ", got '" + part.trim()
                        + "' in '" + text + "'");
            }
            counts.add(Integer.parseInt(number));
        }
        List<Carriers> carriers = new ArrayList<>();
        for (int count : counts) {
            if (count < 1 || count > MOST) {
                throw new BadInput("--carriers takes whole numbers from 1 to " + MOST + ", got " + count);
            }
            carriers.add(new Carriers(count));
        }
        return carriers;
    }

    @Override
    public String toString() {
        return count + (count == 1 ? " carrier" : " carriers");
    }
}
