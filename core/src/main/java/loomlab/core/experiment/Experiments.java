package loomlab.core.experiment;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import loomlab.core.BadInput;

/** The experiments the lab knows, in the order {@code run} runs them. */
public final class Experiments {
    private final List<Experiment> all;

    public Experiments(List<Experiment> all) {
        this.all = List.copyOf(all);
    }

    /** Every experiment, planned for a machine of {@code cores} cores (the command line reads them). */
    public static Experiments standard(int cores) {
        return new Experiments(List.of(new ServiceToService(), new BlockingEndpoint(),
                new JdbcExperiment(), new Pinning(), new NoisyNeighbour(cores), new ManyTasks(), new ThreadLimit(), new StructuredConcurrency(),
                new LoomBenchmarkTable(), new Connections(), new Reactive()));
    }

    public List<Experiment> all() {
        return all;
    }

    public List<String> names() {
        return all.stream().map(Experiment::name).toList();
    }

    /** The named experiments in the order given, duplicates dropped; none named means all. */
    public List<Experiment> select(List<String> names) {
        if (names == null || names.isEmpty()) {
            return all;
        }
        Set<Experiment> chosen = new LinkedHashSet<>();
        for (String name : names) {
            chosen.add(all.stream().filter(e -> e.name().equals(name)).findFirst()
                    .orElseThrow(() -> new BadInput("unknown experiment '" + name + "'; choose from: "
                            + String.join(", ", names()))));
        }
        return new ArrayList<>(chosen);
    }

    @Override
    public String toString() {
        return all.stream().map(Experiment::name).collect(Collectors.joining(", "));
    }
}
