package loomlab.core.sweep;

import java.util.Arrays;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import loomlab.core.arm.HttpArmPlan;
import loomlab.threads.ExecutorMode;
import loomlab.threads.ThreadModel;

/**
 * What a sweep can vary in an HTTP arm. Each constant knows how to read its value from a plan, how
 * to set it, and what remains of the arm's name without it (the label of one curve of the sweep).
 */
public enum SweepParameter {
    /** Concurrent users of the closed-model load. */
    USERS("users", 10_000, "an HTTP arm") {
        @Override
        OptionalInt valueOf(HttpArmPlan plan) {
            return OptionalInt.of(plan.users());
        }

        @Override
        HttpArmPlan set(HttpArmPlan plan, int users) {
            return new HttpArmPlan(plan.name(), plan.server(), plan.executorMode(), plan.path(),
                    plan.downstreamDelayMs(), users, plan.requests(), plan.duration(), plan.warmup(), plan.warmupPath(),
                    plan.serviceSeconds(), plan.published(), plan.sweep(), plan.thinkTime());
        }

        @Override
        String curveLabel(HttpArmPlan plan) {
            return plan.mode() + requestsPart(plan);
        }
    },
    /** The size of a mode that has one: N of {@code platform:N} or {@code virtual:N}. */
    POOL("pool", 10_000, "an HTTP arm whose mode has a size (platform:N, virtual:N)") {
        @Override
        OptionalInt valueOf(HttpArmPlan plan) {
            ExecutorMode mode = plan.executorMode();
            return mode.limit() == ThreadModel.UNBOUNDED ? OptionalInt.empty() : OptionalInt.of(mode.limit());
        }

        @Override
        HttpArmPlan set(HttpArmPlan plan, int size) {
            return new HttpArmPlan(plan.name(), plan.server(), new ExecutorMode(plan.executorMode().model(), size),
                    plan.path(), plan.downstreamDelayMs(), plan.users(), plan.requests(), plan.duration(),
                    plan.warmup(), plan.warmupPath(), plan.serviceSeconds(), plan.published(), plan.sweep(),
                    plan.thinkTime());
        }

        @Override
        String curveLabel(HttpArmPlan plan) {
            return plan.executorMode().model().label() + ", " + usersPart(plan) + requestsPart(plan);
        }
    },
    /**
     * How long each request waits, in milliseconds: the downstream service's delay or the blocking
     * endpoint's sleep, both written in the request path ({@code delay=50}, {@code /blocking/1000},
     * {@code /blocking-ms/1000}).
     * The service time of Little's law scales with it.
     */
    DELAY("delay", 600_000, "an HTTP arm with a downstream delay or a blocking sleep in its path") {
        @Override
        OptionalInt valueOf(HttpArmPlan plan) {
            return DelayInPath.find(plan.path()).map(OptionalInt::of).orElseGet(OptionalInt::empty);
        }

        @Override
        HttpArmPlan set(HttpArmPlan plan, int millis) {
            int current = valueOf(plan).orElseThrow();
            String path = DelayInPath.replace(plan.path(), millis);
            String warmupPath = plan.warmupPath().equals(plan.path()) ? path : plan.warmupPath();
            Integer downstream = plan.downstreamDelayMs() == null ? null : millis;
            return new HttpArmPlan(plan.name(), plan.server(), plan.executorMode(), path, downstream, plan.users(),
                    plan.requests(), plan.duration(), plan.warmup(), warmupPath,
                    plan.serviceSeconds() * millis / current, plan.published(), plan.sweep(), plan.thinkTime());
        }

        @Override
        String curveLabel(HttpArmPlan plan) {
            return plan.mode() + ", " + usersPart(plan) + requestsPart(plan);
        }
    };

    private final String label;
    private final int max;
    private final String needs;

    SweepParameter(String label, int max, String needs) {
        this.label = label;
        this.max = max;
        this.needs = needs;
    }

    public String label() {
        return label;
    }

    /** The largest value accepted. */
    public int max() {
        return max;
    }

    /** What kind of arm this parameter can vary, for the message when an experiment has none. */
    String needs() {
        return needs;
    }

    /** This arm's value of the parameter, empty when the arm has none (a pool sweep of {@code virtual}). */
    abstract OptionalInt valueOf(HttpArmPlan plan);

    /** The plan with the parameter set to {@code value}, everything that depends on it recomputed. */
    abstract HttpArmPlan set(HttpArmPlan plan, int value);

    /** What the arms of one curve share: the arm's description without the swept parameter. */
    abstract String curveLabel(HttpArmPlan plan);

    public static Optional<SweepParameter> byLabel(String text) {
        return Arrays.stream(values()).filter(p -> p.label.equals(text)).findFirst();
    }

    public static String choices() {
        return Arrays.stream(values()).map(SweepParameter::label).collect(Collectors.joining(", "));
    }

    private static String usersPart(HttpArmPlan plan) {
        return plan.users() + (plan.users() == 1 ? " user" : " users");
    }

    private static String requestsPart(HttpArmPlan plan) {
        return plan.countsRequests() ? ", " + plan.requests() + " requests" : "";
    }

    /** The delay written in a request path: a {@code delay=N} query parameter or a {@code /blocking/N} segment. */
    static final class DelayInPath {
        private static final Pattern QUERY = Pattern.compile("([?&]delay=)(\\d+)");
        /** loomcat's {@code /blocking/N} and Spring's {@code /blocking-ms/N}, both in milliseconds. */
        private static final Pattern BLOCKING = Pattern.compile("(/blocking(?:-ms)?/)(\\d+)");

        private DelayInPath() {
        }

        static Optional<Integer> find(String path) {
            for (Pattern pattern : new Pattern[] {QUERY, BLOCKING}) {
                Matcher matcher = pattern.matcher(path);
                if (matcher.find()) {
                    return Optional.of(Integer.parseInt(matcher.group(2)));
                }
            }
            return Optional.empty();
        }

        static String replace(String path, int millis) {
            for (Pattern pattern : new Pattern[] {QUERY, BLOCKING}) {
                Matcher matcher = pattern.matcher(path);
                if (matcher.find()) {
                    return matcher.replaceFirst("$1" + millis);
                }
            }
            throw new IllegalArgumentException("no delay in " + path);
        }
    }
}
