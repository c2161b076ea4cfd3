package loomlab.core.sweep;

import java.util.Optional;
import java.util.OptionalInt;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmMode;
import loomlab.core.arm.Endpoint;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.ParamValue;
import loomlab.core.arm.Warmup;
import loomlab.threads.ExecutorMode;
import loomlab.threads.Spelled;
import loomlab.threads.ThreadModel;

/**
 * What a sweep can vary in an HTTP arm. Each constant knows how to read its value from a plan, how
 * to set it, and which key the arms of one curve share (the key without the swept value).
 */
public enum SweepParameter implements Spelled {
    /** Concurrent users of the closed-model load. */
    USERS(10_000, "an HTTP arm") {
        @Override
        OptionalInt valueOf(HttpArmPlan plan) {
            return OptionalInt.of(plan.users());
        }

        @Override
        HttpArmPlan set(HttpArmPlan plan, int users) {
            return plan.withLoad(plan.load().withUsers(users));
        }

        @Override
        public ArmKey curveKey(ArmKey key) {
            return key.withUsers(null);
        }
    },
    /** The size of a mode that has one: N of {@code platform:N} or {@code virtual:N}. */
    POOL(10_000, "an HTTP arm whose mode has a size (platform:N, virtual:N)") {
        @Override
        OptionalInt valueOf(HttpArmPlan plan) {
            ExecutorMode mode = plan.executorMode();
            return mode.limit() == ThreadModel.UNBOUNDED ? OptionalInt.empty() : OptionalInt.of(mode.limit());
        }

        @Override
        HttpArmPlan set(HttpArmPlan plan, int size) {
            return plan.withExecutorMode(new ExecutorMode(plan.executorMode().model(), size));
        }

        @Override
        public ArmKey curveKey(ArmKey key) {
            // The mode without its size: "platform" stands for every pool of the curve.
            return key.withMode(key.mode().executor().<ArmMode>map(e -> ArmMode.named(e.model().label(), e.threads()))
                    .orElse(key.mode()));
        }
    },
    /**
     * How long each request waits of its own accord, in milliseconds: the downstream service's delay
     * or the blocking endpoint's sleep, a figure of the plan's endpoint. The bound follows it. The
     * arm's key carries the delay as its parameter {@code delay}, so the arms of one curve stay apart.
     */
    DELAY(600_000, "an HTTP arm whose request waits (a downstream call or a blocking sleep)") {

        @Override
        OptionalInt valueOf(HttpArmPlan plan) {
            var wait = plan.endpoint().waitMillis();
            return wait.isPresent() ? OptionalInt.of((int) wait.getAsLong()) : OptionalInt.empty();
        }

        @Override
        HttpArmPlan set(HttpArmPlan plan, int millis) {
            Endpoint endpoint = plan.endpoint().withWaitMillis(millis);
            Warmup warmup = plan.load().warmup();
            Warmup newWarmup = warmup.endpoint().equals(plan.endpoint()) ? new Warmup(warmup.length(), endpoint) : warmup;
            return plan.withEndpoint(endpoint).withLoad(plan.load().withWarmup(newWarmup))
                    .withParam(id(), ParamValue.millis(millis));
        }

        @Override
        public ArmKey curveKey(ArmKey key) {
            return key.withoutParam(id());
        }
    };

    private final int max;
    private final String needs;

    SweepParameter(int max, String needs) {
        this.max = max;
        this.needs = needs;
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

    /** What the arms of one curve share: the key without the swept value. */
    public abstract ArmKey curveKey(ArmKey key);

    /** The parameter spelled {@code id}, as a sweep point names it; empty for any other word. */
    public static Optional<SweepParameter> find(String id) {
        return Spelled.find(SweepParameter.class, id);
    }
}
