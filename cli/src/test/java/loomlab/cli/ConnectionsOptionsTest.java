package loomlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import loomlab.core.arm.ConnectionsArmPlan;
import loomlab.core.experiment.Experiments;
import loomlab.core.experiment.Profile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** {@code run --connections N --connect-rate R --message-interval MS}: the connections experiment's settings. */
class ConnectionsOptionsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "run connections --connections 0          | --connections must be from 1 to 1,000,000, got 0",
            "run connections --connections -3         | --connections must be from 1 to 1,000,000, got -3",
            "run connections --connections lots       | 'lots' is not a whole number",
            "run connections --connections 1000001    | --connections must be from 1 to 1,000,000, got 1,000,001",
            "run connections --connect-rate 0         | --connect-rate must be from 1 to 1,000,000 per second, got 0",
            "run connections --message-interval 5     | --message-interval must be from 10 ms to 600,000 ms, got 5",
    })
    void badSettingsGetOneLineAndExitCode2(String args, String expected) {
        CliRun.ofLine(args).assertRefused(expected);
    }

    @Test
    void settingsGivenOnTheCommandLineReachBothArms() {
        RunCommand run = parsed("run", "connections", "--full", "--connections", "100,000", "--connect-rate", "2000",
                "--message-interval", "1000");
        List<ConnectionsArmPlan> plans = plans(run.connections.applyTo(Experiments.standard(2)), Profile.QUICK);
        assertEquals(List.of(100_000, 100_000), plans.stream().map(ConnectionsArmPlan::connections).toList());
        assertEquals(List.of(2_000, 2_000), plans.stream().map(ConnectionsArmPlan::connectRatePerS).toList());
        assertEquals(List.of(1_000, 1_000), plans.stream().map(ConnectionsArmPlan::intervalMs).toList());
    }

    @Test
    void withoutSettingsTheProfileDecides() {
        Experiments standard = Experiments.standard(2);
        assertEquals(List.of(10_000, 10_000), plans(parsed("run").connections.applyTo(standard), Profile.QUICK).stream()
                .map(ConnectionsArmPlan::connections).toList());
    }

    private static RunCommand parsed(String... args) {
        CommandLine.ParseResult result = LoomLab.commandLine().parseArgs(args);
        return (RunCommand) result.subcommand().commandSpec().userObject();
    }

    private static List<ConnectionsArmPlan> plans(Experiments experiments, Profile profile) {
        return experiments.select(List.of("connections")).get(0).plan(profile).stream()
                .map(p -> (ConnectionsArmPlan) p).toList();
    }
}
