package loomlab.cli;

import java.lang.reflect.AnnotatedElement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import loomlab.core.ShellWords;
import loomlab.core.experiment.Profile;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The command line a run records (results.json's {@code command}, the summary's "reproduce with"),
 * rebuilt from picocli's parse result: every option and parameter as the user typed it, in the
 * order typed, so no command keeps a hand-written copy of its options. An option marked
 * {@link NotRecorded} (a password) is left out, and the profile is named even when it was the
 * default, so the line reproduces the run.
 */
final class TypedCommand {
    private TypedCommand() {
    }

    static String of(CommandSpec spec, Profile profile) {
        return String.join(" ", words(spec.commandLine().getParseResult(), profile));
    }

    static List<String> words(ParseResult parsed, Profile profile) {
        List<String> words = new ArrayList<>(List.of("loomlab", parsed.commandSpec().name()));
        Set<ArgSpec> seen = new LinkedHashSet<>(parsed.matchedArgs()); // one entry per option, however often typed
        boolean profileNamed = false;
        for (ArgSpec arg : seen) {
            if (!(arg instanceof OptionSpec option)) {
                arg.originalStringValues().forEach(value -> words.add(ShellWords.quote(value)));
                continue;
            }
            if (option.usageHelp() || option.versionHelp() || notRecorded(option)) {
                continue;
            }
            String name = option.longestName();
            profileNamed |= name.equals("--" + Profile.QUICK.id()) || name.equals("--" + Profile.FULL.id());
            if (option.arity().max() == 0) {
                words.add(name);
            } else {
                option.originalStringValues().forEach(value -> {
                    words.add(name);
                    words.add(ShellWords.quote(value));
                });
            }
        }
        if (!profileNamed && profile != null) {
            words.add("--" + profile.id());
        }
        return words;
    }

    private static boolean notRecorded(OptionSpec option) {
        return option.userObject() instanceof AnnotatedElement element
                && element.isAnnotationPresent(NotRecorded.class);
    }
}
