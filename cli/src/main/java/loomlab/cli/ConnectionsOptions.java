package loomlab.cli;

import java.util.ArrayList;
import java.util.List;
import loomlab.core.experiment.Connections;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.Experiments;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;

/**
 * {@code run}'s options for the connections experiment: how many connections each arm opens, how
 * fast, and how often each sends its message. Unset, they follow the profile.
 */
final class ConnectionsOptions {
    @Option(names = "--connections", paramLabel = "N", converter = ConnectionCount.class,
            description = "connections: open N keep-alive connections per arm (${sys:" + HelpValues.CONNECTIONS + "}).")
    Integer connections;

    @Option(names = "--connect-rate", paramLabel = "PER_S", converter = ConnectRate.class,
            description = "connections: open this many connections per second (${sys:" + HelpValues.CONNECT_RATE
                    + "}).")
    Integer connectRate;

    @Option(names = "--message-interval", paramLabel = "MS", converter = MessageInterval.class,
            description = "connections: each connection sends a message every MS milliseconds (${sys:"
                    + HelpValues.MESSAGE_INTERVAL + "}).")
    Integer messageIntervalMs;

    /** The experiments with connections using these settings. */
    Experiments applyTo(Experiments experiments) {
        if (connections == null && connectRate == null && messageIntervalMs == null) {
            return experiments;
        }
        Connections.Settings settings = new Connections.Settings(connections, connectRate, messageIntervalMs, null);
        List<Experiment> all = experiments.all().stream()
                .map(e -> e instanceof Connections ? (Experiment) new Connections(settings) : e).toList();
        return new Experiments(all);
    }

    private static void add(List<String> words, String option, Integer value) {
        if (value != null) {
            words.addAll(List.of(option, value.toString()));
        }
    }


    static final class ConnectionCount implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String text) {
            return CheckedWhole.parse(text, Connections.Settings::connections);
        }
    }

    static final class ConnectRate implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String text) {
            return CheckedWhole.parse(text, value -> new Connections.Settings(null, value, null, null));
        }
    }

    static final class MessageInterval implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String text) {
            return CheckedWhole.parse(text, value -> new Connections.Settings(null, null, value, null));
        }
    }
}
