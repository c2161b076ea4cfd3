package loomlab.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.BadInput;
import org.junit.jupiter.api.Test;

class ExperimentsTest {
    private final Experiments experiments = Experiments.standard(2);

    @Test
    void noNamesMeansEveryExperimentInOrder() {
        assertEquals(experiments.all(), experiments.select(List.of()));
        assertEquals("service-to-service", experiments.names().get(0));
    }

    @Test
    void namesAreKeptInTheGivenOrderWithoutDuplicates() {
        List<Experiment> chosen = experiments.select(List.of("blocking-endpoint", "service-to-service",
                "blocking-endpoint"));
        assertEquals(List.of("blocking-endpoint", "service-to-service"), chosen.stream().map(Experiment::name).toList());
    }

    @Test
    void anUnknownNameListsTheChoices() {
        BadInput error = assertThrows(BadInput.class, () -> experiments.select(List.of("nope")));
        assertTrue(error.getMessage().contains("unknown experiment 'nope'"), error.getMessage());
        assertTrue(error.getMessage().contains("service-to-service, blocking-endpoint"), error.getMessage());
    }

    @Test
    void everyArmNameIsUniqueWithinItsExperiment() {
        for (Experiment experiment : experiments.all()) {
            for (Profile profile : Profile.values()) {
                List<String> names = experiment.plan(profile).stream().map(a -> a.name()).toList();
                assertEquals(names.size(), names.stream().distinct().count(), experiment.name() + " " + names);
            }
        }
    }
}
