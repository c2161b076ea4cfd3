package loomlab.core.sweep;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import loomlab.core.BadInput;
import loomlab.core.arm.ArmKey;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.HttpArmPlan;
import loomlab.core.arm.SweepPoint;
import loomlab.threads.Spelled;

/**
 * {@code --sweep users=1,10,50}: one parameter and the values it takes. Applied to an experiment's
 * plan, the HTTP arms that differ only in that parameter become one curve, and each curve becomes
 * one arm per value; bounds follow, since they are computed from the plan.
 */
public record Sweep(SweepParameter parameter, List<Integer> values) {
    public Sweep {
        Objects.requireNonNull(parameter);
        values = List.copyOf(values);
        if (values.isEmpty()) {
            throw new IllegalArgumentException("a sweep needs at least one value");
        }
    }

    /** Parses {@code PARAMETER=V1,V2,...}; any mistake is a {@link BadInput} naming what is accepted. */
    public static Sweep parse(String text) {
        String usage = "--sweep takes PARAMETER=V1,V2,... with PARAMETER one of: " + Spelled.choices(SweepParameter.class)
                + " (e.g. users=1,10,50)";
        int equals = text == null ? -1 : text.indexOf('=');
        if (equals < 0) {
            throw new BadInput(usage + "; got '" + text + "'");
        }
        String name = text.substring(0, equals).trim();
        SweepParameter parameter = SweepParameter.find(name).orElseThrow(() -> new BadInput(
                "--sweep: " + Spelled.unknown(SweepParameter.class, "parameter", name)));
        String list = text.substring(equals + 1).trim();
        if (list.isEmpty()) {
            throw new BadInput(usage + "; no values given for " + name);
        }
        Set<Integer> values = new LinkedHashSet<>();
        for (String item : list.split(",", -1)) {
            int value = positive(parameter, item.trim());
            if (!values.add(value)) {
                throw new BadInput("--sweep " + name + ": " + value + " is listed twice");
            }
        }
        return new Sweep(parameter, new ArrayList<>(values));
    }

    private static int positive(SweepParameter parameter, String item) {
        String range = "a whole number from 1 to " + parameter.max();
        long value;
        try {
            value = Long.parseLong(item);
        } catch (NumberFormatException e) {
            throw new BadInput("--sweep " + parameter.id() + ": '" + item + "' is not " + range);
        }
        if (value < 1 || value > parameter.max()) {
            throw new BadInput("--sweep " + parameter.id() + ": " + value + " is not " + range);
        }
        return (int) value;
    }

    /**
     * The experiment's arms with each curve replaced by one arm per value, in the place of the
     * curve's first arm. Arms the parameter cannot vary (another kind of arm, a pool sweep of an
     * unbounded mode) stay as they are, as references. An arm of a curve keeps the seed's figure
     * when the experiment itself planned that value.
     *
     * @throws BadInput when the sweep changes no arm of the experiment
     */
    public List<ArmPlan> apply(String experiment, List<ArmPlan> plan) {
        Map<Curve, List<HttpArmPlan>> curves = new LinkedHashMap<>();
        for (ArmPlan arm : plan) {
            if (arm instanceof HttpArmPlan http && parameter.valueOf(http).isPresent()) {
                curves.computeIfAbsent(Curve.of(parameter, http), key -> new ArrayList<>()).add(http);
            }
        }
        if (curves.isEmpty()) {
            throw new BadInput("--sweep " + parameter.id() + " changes no arm of " + experiment + ": it needs "
                    + parameter.needs());
        }
        List<ArmPlan> swept = new ArrayList<>();
        Set<Curve> done = new LinkedHashSet<>();
        for (ArmPlan arm : plan) {
            if (!(arm instanceof HttpArmPlan http) || parameter.valueOf(http).isEmpty()) {
                swept.add(arm);
            } else {
                Curve curve = Curve.of(parameter, http);
                if (done.add(curve)) {
                    swept.addAll(expand(curves.get(curve)));
                }
            }
        }
        return swept;
    }

    /** One arm per value. */
    private List<HttpArmPlan> expand(List<HttpArmPlan> planned) {
        HttpArmPlan template = planned.getFirst();
        List<HttpArmPlan> arms = new ArrayList<>();
        for (int value : values) {
            HttpArmPlan same = planned.stream().filter(p -> parameter.valueOf(p).getAsInt() == value).findFirst()
                    .orElse(null);
            arms.add(parameter.set(template, value)
                    .withPublished(same == null ? null : same.published())
                    .withSweep(new SweepPoint(parameter.id(), value)));
        }
        return arms;
    }

    /**
     * What the arms of one curve share: the key without the swept value, and the load's count or
     * duration (so 60 requests by 20 users and 600 by 200 stay two curves of a users sweep).
     */
    private record Curve(ArmKey key, long requests, Duration duration) {
        static Curve of(SweepParameter parameter, HttpArmPlan plan) {
            return new Curve(parameter.curveKey(plan.key()), plan.load().requests(), plan.load().duration());
        }
    }

    @Override
    public String toString() {
        return parameter.id() + "=" + String.join(",", values.stream().map(String::valueOf).toList());
    }
}
