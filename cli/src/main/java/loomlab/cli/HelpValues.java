package loomlab.cli;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import loomlab.core.Figures;
import loomlab.core.arm.ArmPlan;
import loomlab.core.arm.ConnectionsArmPlan;
import loomlab.core.assess.CommandTemplate;
import loomlab.core.experiment.Connections;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.Profile;
import loomlab.core.experiment.ThreadLimit;
import loomlab.lab.load.Capability;
import loomlab.lab.load.Engine;
import loomlab.lab.load.Engines;
import loomlab.lab.load.InstallUseCase;
import loomlab.lab.servers.Servers;
import loomlab.load.LoadSpec;

/**
 * The figures and lists the help quotes, taken from the constants the code runs on and written as
 * the lab writes figures (thousands separated). Picocli puts each into a description through
 * {@code ${sys:loomlab.help.NAME}}, so help and code cannot disagree; docs/commands.md's option
 * reference is the help itself (CommandsDocTest). Published by {@link LoomLab#commandLine(Lab)}.
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
    static final String WORKER_NEEDS = "loomlab.help.worker-needs";
    /** The engines that run workers, as the worker options name them: {@code --engine locust}. */
    static final String DISTRIBUTED = "loomlab.help.distributed";
    /** What {@code install} installs: its names, its products, one line each. */
    static final String INSTALL_CHOICES = "loomlab.help.install-choices";
    static final String INSTALL_PRODUCTS = "loomlab.help.install-products";
    static final String INSTALL_LINES = "loomlab.help.install-lines";

    static final String LOAD_DURATION_HELP = "loomlab.help.load-duration";
    static final String REPEATABLE = "loomlab.help.repeatable";
    /** {@code assess --cmd}'s placeholders, each with what the lab puts there. */
    static final String CMD_PLACEHOLDERS = "loomlab.help.cmd-placeholders";
    /** How long {@code assess} waits for the service to answer its readiness probe. */
    static final String READY_LIMIT = "loomlab.help.ready-limit";
    /** The JVM options every server under test starts with, {@code assess --jar}'s included. */
    static final String JVM_FLAGS = "loomlab.help.jvm-flags";

    /** How long {@code load} measures without {@code -n} or {@code -d}. */
    static final Duration LOAD_DURATION = Duration.ofSeconds(10);

    private HelpValues() {
    }

    /** Each value by its property name, in the words the help shows; the engines' and installs' from {@code lab}. */
    static Map<String, String> all(Lab lab) {
        Map<String, String> values = new LinkedHashMap<>();
        Engines engines = lab.engines();
        values.put(ENGINES, engines.help());
        values.put(DISTRIBUTED, "--engine " + engines.thatCan(Capability.DISTRIBUTED).stream().map(Engine::label)
                .collect(Collectors.joining(" or ")));
        // What an engine states for the options only it reads (its default port, what its workers need).
        engines.all().forEach(engine -> engine.helpFacts().forEach((name, value) -> values.put("loomlab.help." + name,
                value)));
        List<InstallUseCase.Installable> installs = lab.install().installables();
        values.put(INSTALL_CHOICES, installs.stream().map(InstallUseCase.Installable::name).collect(Collectors.joining(" or ")));
        values.put(INSTALL_PRODUCTS, installs.stream().map(InstallUseCase.Installable::product).collect(Collectors.joining(", ")));
        // One line each, as picocli breaks a description at %n.
        values.put(INSTALL_LINES, installs.stream().map(install -> String.format(Locale.ROOT, "  %-7s %s",
                install.name(), install.help())).collect(Collectors.joining("%n")));
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
        values.put(CMD_PLACEHOLDERS, cmdPlaceholders());
        values.put(READY_LIMIT, AssessCommand.READY_LIMIT.toSeconds() + " s");
        values.put(JVM_FLAGS, String.join(" ", Servers.COMMON_JVM_FLAGS));
        values.put(LOAD_DURATION_HELP, LOAD_DURATION.toSeconds() + "s");
        // The experiments whose arms --repeat runs again, as their plans say.
        values.put(REPEATABLE, lab.experiments().all().stream()
                .filter(experiment -> experiment.plan(Profile.QUICK).stream().anyMatch(ArmPlan::repeatable))
                .map(Experiment::name).collect(Collectors.joining(", ")));
        return values;
    }

    /** Every placeholder of {@link CommandTemplate}, with what the lab puts there, as the help lists them. */
    static String cmdPlaceholders() {
        return CommandTemplate.PORT + " (required: a free port per arm), " + CommandTemplate.THREADS + " (platform or"
                + " virtual), " + CommandTemplate.VIRTUAL + " (false or true, for a framework switched by a boolean), "
                + CommandTemplate.POOL + " (--pool's size; needs --pool), " + CommandTemplate.JAVA + " (the arm's java"
                + " binary, so --jdk reaches the command), and with --postgres " + CommandTemplate.DB_URL + " (JDBC), "
                + CommandTemplate.DB_USER + " and " + CommandTemplate.DB_PASSWORD;
    }

    static void publish(Lab lab) {
        all(lab).forEach(System::setProperty);
    }

    private static String count(long value) {
        return Figures.count(value);
    }
}
