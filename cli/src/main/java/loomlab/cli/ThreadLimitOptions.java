package loomlab.cli;

import java.util.ArrayList;
import java.util.List;
import loomlab.core.experiment.Experiment;
import loomlab.core.experiment.Experiments;
import loomlab.core.experiment.ThreadLimit;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;

/**
 * {@code run}'s options for the thread-limit experiment: how many parked threads each arm may start
 * before it stops (the time limit still applies). Unset, the caps follow the profile.
 */
final class ThreadLimitOptions {
    @Option(names = "--platform-thread-cap", paramLabel = "N", converter = PlatformCap.class,
            description = "thread-limit: the platform arm stops after N threads (${sys:" + HelpValues.PLATFORM_CAP
                    + "}).")
    Integer platformCap;

    @Option(names = "--virtual-thread-cap", paramLabel = "N", converter = VirtualCap.class,
            description = "thread-limit: the virtual arm stops after N threads (${sys:" + HelpValues.VIRTUAL_CAP
                    + "}).")
    Integer virtualCap;

    /** The experiments with thread-limit using these caps. */
    Experiments applyTo(Experiments experiments) {
        if (platformCap == null && virtualCap == null) {
            return experiments;
        }
        ThreadLimit.Caps caps = new ThreadLimit.Caps(platformCap, virtualCap);
        List<Experiment> all = experiments.all().stream()
                .map(e -> e instanceof ThreadLimit ? (Experiment) new ThreadLimit(caps) : e).toList();
        return new Experiments(all);
    }


    static final class PlatformCap implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String text) {
            return CheckedWhole.parse(text, value -> new ThreadLimit.Caps(value, null));
        }
    }

    static final class VirtualCap implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String text) {
            return CheckedWhole.parse(text, value -> new ThreadLimit.Caps(null, value));
        }
    }
}
