package loomlab.lab.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import loomlab.core.arm.ArmPlan;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.OnJdks;
import loomlab.core.experiment.Profile;
import loomlab.core.sweep.Sweep;

/**
 * How a run varies its experiments' arms.
 *
 * @param sweep   turns each curve of HTTP arms into one arm per value, or null for the arms as planned
 * @param repeats how many times each HTTP arm runs; its figures are then the median run's
 * @param jdks    the JDKs (feature versions) every server under test runs on ({@code --jdk}); empty for
 *                the lab's own, or an experiment's own choice
 */
public record RunOptions(Sweep sweep, int repeats, List<Integer> jdks) {
    public static final RunOptions AS_PLANNED = new RunOptions(null, 1, List.of());

    public RunOptions {
        jdks = List.copyOf(jdks);
        if (repeats < 1) {
            throw new IllegalArgumentException("repeats must be at least 1");
        }
    }

    public RunOptions(Sweep sweep, int repeats) {
        this(sweep, repeats, List.of());
    }

    /**
     * Every experiment's arms as they will run, sweep applied and on their JDKs: computed before anything
     * starts, so a sweep that fits no arm of an experiment is bad input, not a failure halfway through.
     */
    public Map<Experiment, List<ArmPlan>> plan(List<Experiment> experiments, Profile profile) {
        Map<Experiment, List<ArmPlan>> plans = new LinkedHashMap<>();
        for (Experiment experiment : experiments) {
            List<ArmPlan> planned = experiment.plan(profile);
            List<ArmPlan> swept = sweep == null ? planned : sweep.apply(experiment.name(), planned);
            plans.put(experiment, OnJdks.apply(swept, jdksOf(experiment)));
        }
        return plans;
    }

    /** The JDKs an experiment's servers run on: the run's choice, else the experiment's own. */
    public List<Integer> jdksOf(Experiment experiment) {
        return jdks.isEmpty() ? experiment.jdks() : jdks;
    }
}
