package loomlab.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import loomlab.core.Figures;
import java.util.stream.Collectors;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ConnectionsArmPlan;
import loomlab.core.experiment.Connections;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.Experiments;
import loomlab.core.experiment.Profile;
import loomlab.core.experiment.ThreadLimit;
import loomlab.lab.load.Engine;
import loomlab.lab.load.locust.LocustWorkers;
import loomlab.load.LoadSpec;

/**
 * The figures and lists the help quotes, taken from the constants the code runs on and written as
 * the lab writes figures (thousands separated). Picocli puts each into a description through
 * {@code ${sys:loomlab.help.NAME}}, so help and code cannot disagree; docs/commands.md's option
 * reference is the help itself (CommandsDocTest). Published by {@link LoomLab#commandLine()}.
 */
final class HelpValues {
    static final String ENGINES = "loomlab.help.engines";
    static final String CONNECTIONS = "loomlab.help.connections";
    static final String CONNECT_RATE = "loomlab.help.connect-rate";
    static final String MESSAGE_INTERVAL = "loomlab.help.message-interval";
    static final String PLATFORM_CAP = "loomlab.help.platform-thread-cap";
    static final String VIRTUAL_CAP = "loomlab.help.virtual-thread-cap";
    static final String MAX_IN_FLIGHT = "loomlab.help.max-in-flight";
    static final String TIMEOUT = "loomlab.help.timeout";
    static final String MASTER_PORT = "loomlab.help.master-port";

    static final String LOAD_DURATION_HELP = "loomlab.help.load-duration";
    static final String REPEATABLE = "loomlab.help.repeatable";

    /** How long {@code load} measures without {@code -n} or {@code -d}. */
    static final java.time.Duration LOAD_DURATION = java.time.Duration.ofSeconds(10);

    private HelpValues() {
    }

    /** Each value by its property name, in the words the help shows. */
    static Map<String, String> all() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put(ENGINES, Engine.help());
        values.put(CONNECTIONS, "default " + count(Connections.QUICK_CONNECTIONS) + " with --quick; with --full "
                + count(Connections.FULL_CONNECTIONS) + ", each arm stopping at the limits in force; 1 to "
                + count(ConnectionsArmPlan.MAX_CONNECTIONS));
        values.put(CONNECT_RATE, "default " + count(Connections.DEFAULT_CONNECT_RATE) + "; 1 to "
                + count(Connections.MAX_CONNECT_RATE));
        values.put(MESSAGE_INTERVAL, "default " + count(Connections.QUICK_INTERVAL_MS) + " with --quick, "
                + count(Connections.FULL_INTERVAL_MS) + " with --full; " + count(Connections.MIN_INTERVAL_MS) + " to "
                + count(Connections.MAX_INTERVAL_MS));
        values.put(PLATFORM_CAP, "default " + count(ThreadLimit.QUICK_PLATFORM_CAP) + " with --quick, "
                + count(ThreadLimit.FULL_PLATFORM_CAP) + " with --full; 1 to " + count(ThreadLimit.MAX_PLATFORM_CAP));
        values.put(VIRTUAL_CAP, "default " + count(ThreadLimit.QUICK_VIRTUAL_CAP) + " with --quick, "
                + count(ThreadLimit.FULL_VIRTUAL_CAP) + " with --full; 1 to " + count(ThreadLimit.MAX_VIRTUAL_CAP));
        values.put(MAX_IN_FLIGHT, "default " + count(LoadSpec.DEFAULT_OPEN_MODEL_MAX_IN_FLIGHT));
        values.put(TIMEOUT, "default " + LoadSpec.DEFAULT_TIMEOUT.toSeconds() + "s");
        values.put(LOAD_DURATION_HELP, LOAD_DURATION.toSeconds() + "s");
        // The experiments whose arms --repeat runs again, as their plans say.
        values.put(REPEATABLE, Experiments.standard(Runtime.getRuntime().availableProcessors()).all().stream()
                .filter(experiment -> experiment.plan(Profile.QUICK).stream().anyMatch(ArmPlan::repeatable))
                .map(Experiment::name).collect(Collectors.joining(", ")));
        values.put(MASTER_PORT, "default " + LocustWorkers.DEFAULT_PORT + " with other hosts, a free one otherwise");
        return values;
    }

    static void publish() {
        all().forEach(System::setProperty);
    }

    private static String count(long value) {
        return Figures.count(value);
    }
}
