package loomlab.tasks;

import java.util.Set;
import loomlab.tasks.cli.Options;
import loomlab.tasks.json.Json;

/** One experiment program: reads its options, runs, and returns the single JSON object it reports. */
public interface TaskProgram {

    /** The subcommand that selects this program. */
    String name();

    /** Option names without the leading dashes. */
    Set<String> optionNames();

    /** One line: the options with their defaults. */
    String usage();

    Json.ObjectBuilder run(Options options) throws Exception;
}
