package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.arm.TaskArmPlan;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.Experiments;
import loomlab.core.experiment.Profile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** {@code run --platform-thread-cap N --virtual-thread-cap N}: the thread-limit experiment's caps. */
class ThreadLimitOptionsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "run thread-limit --platform-thread-cap 0        | the platform thread cap must be from 1 to 100,000, got 0",
            "run thread-limit --platform-thread-cap 200000   | the platform thread cap must be from 1 to 100,000, got 200000",
            "run thread-limit --virtual-thread-cap many      | 'many' is not a whole number",
            "run thread-limit --virtual-thread-cap -5        | the virtual thread cap must be from 1 to 10,000,000, got -5",
            "run thread-limit --virtual-thread-cap 99999999  | the virtual thread cap must be from 1 to 10,000,000",
    })
    void badCapsGetOneLineAndExitCode2(String args, String expected) {
        CliRun.ofLine(args).assertRefused(expected);
    }

    @Test
    void capsGivenOnTheCommandLineReachTheThreadLimitArms() {
        RunCommand run = parsed("run", "thread-limit", "--full", "--platform-thread-cap", "5,000",
                "--virtual-thread-cap", "2000000");
        assertEquals(List.of("5000", "2000000"), caps(run.threadLimits.applyTo(Experiments.standard(2)), Profile.FULL));
    }

    @Test
    void withoutCapsTheProfileDecidesAndTheOtherExperimentsStayAsTheyAre() {
        RunCommand run = parsed("run", "thread-limit", "--virtual-thread-cap", "300000");
        Experiments standard = Experiments.standard(2);
        assertEquals(List.of("20000", "1000000"), caps(parsed("run").threadLimits.applyTo(standard), Profile.FULL));
        Experiments capped = run.threadLimits.applyTo(standard);
        assertEquals(List.of("2000", "300000"), caps(capped, Profile.QUICK));
        assertSame(standard.select(List.of("fairness")).get(0), capped.select(List.of("fairness")).get(0));
    }

    private static RunCommand parsed(String... args) {
        CommandLine.ParseResult result = LoomLab.commandLine().parseArgs(args);
        return (RunCommand) result.subcommand().commandSpec().userObject();
    }

    private static List<String> caps(Experiments experiments, Profile profile) {
        Experiment threadLimit = experiments.select(List.of("thread-limit")).get(0);
        return threadLimit.plan(profile).stream().map(p -> (TaskArmPlan) p)
                .map(p -> p.args().get(p.args().indexOf("--cap") + 1)).toList();
    }
}
