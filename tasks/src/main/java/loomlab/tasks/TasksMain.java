package loomlab.tasks;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import loomlab.tasks.cli.Options;
import loomlab.tasks.cli.UsageException;
import loomlab.tasks.fairness.FairnessProgram;
import loomlab.tasks.threadlimit.ThreadLimitProgram;
import loomlab.tasks.throughput.TaskThroughputProgram;

/**
 * Entry point of the child JVM the lab starts: {@code java -jar tasks.jar <program> [--option value]...}.
 * Prints exactly one JSON line on stdout; diagnostics go to stderr; bad input exits with 2.
 * The process always ends with {@link System#exit}, because parked or sleeping threads a program
 * started must not keep it alive.
 */
public final class TasksMain {
    public static final int EXIT_OK = 0;
    public static final int EXIT_FAILED = 1;
    public static final int EXIT_USAGE = 2;

    private static final List<TaskProgram> PROGRAMS = List.of(
            new FairnessProgram(), new TaskThroughputProgram(), new ThreadLimitProgram());

    private TasksMain() {
    }

    public static void main(String[] args) {
        int code = run(args, System.out, System.err);
        System.out.flush();
        System.exit(code);
    }

    /** Runs one program and prints its JSON line to {@code out}; returns the process exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(PROGRAMS, args, out, err);
    }

    /** The same for any list of programs (other modules reuse this for their own programs). */
    public static int run(List<TaskProgram> programs, String[] args, PrintStream out, PrintStream err) {
        String choices = programs.stream().map(TaskProgram::name).collect(Collectors.joining(", "));
        if (args.length == 0) {
            err.println("missing program; choose one of: " + choices);
            return EXIT_USAGE;
        }
        TaskProgram program = programs.stream().filter(p -> p.name().equals(args[0])).findFirst().orElse(null);
        if (program == null) {
            err.println("unknown program '" + args[0] + "'; choose one of: " + choices);
            return EXIT_USAGE;
        }
        try {
            Options options = Options.parse(Arrays.copyOfRange(args, 1, args.length), program.optionNames());
            out.println(program.run(options));
            out.flush();
            return EXIT_OK;
        } catch (UsageException e) {
            err.println(program.name() + ": " + e.getMessage() + " (usage: " + program.name() + " " + program.usage() + ")");
            return EXIT_USAGE;
        } catch (Exception | Error e) { // an OutOfMemoryError of the measured process is a result to report, not a crash
            err.println(program.name() + " failed: " + e);
            e.printStackTrace(err);
            return EXIT_FAILED;
        }
    }
}
