package loomlab.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import loomlab.core.BadInput;
import loomlab.lab.process.ChildDied;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code loomlab} command: one subcommand per verb. */
@Command(name = "loomlab", mixinStandardHelpOptions = true, version = "Loom Lab 0.1",
        description = "Reproduces, measures and explains virtual threads against platform threads.",
        subcommands = {RunCommand.class, AssessCommand.class, JmhCommand.class, CompareCommand.class,
                DiagnoseCommand.class, ListCommand.class, LoadCommand.class, ServeCommand.class, InstallCommand.class,
                JdksCommand.class, CommandLine.HelpCommand.class})
public final class LoomLab implements Callable<Integer> {
    /** Bad input: the exit code every mistake of the user's gets. */
    static final int USAGE = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return USAGE;
    }

    public static void main(String[] args) {
        System.exit(commandLine(Lab.fromEnvironment()).execute(args));
    }

    /** The configured command line on a lab of this process's environment, for the tests. */
    public static CommandLine commandLine() {
        return commandLine(Lab.fromEnvironment());
    }

    /** The configured command line: every command that takes the lab is handed {@code lab}. */
    static CommandLine commandLine(Lab lab) {
        HelpValues.publish(lab);
        CommandLine cli = new CommandLine(new LoomLab(), new LabFactory(lab));
        cli.setParameterExceptionHandler(LoomLab::badParameter);
        HelpWrapping.keepNamesWhole(cli);
        boolean debug = lab.environment().debug();
        cli.setExecutionExceptionHandler((e, failing, parsed) -> failed(e, failing, debug));
        return cli;
    }

    /** One line naming the problem and where help is, never a usage dump or a stack trace. */
    private static int badParameter(CommandLine.ParameterException e, String[] args) {
        PrintWriter err = e.getCommandLine().getErr();
        String command = e.getCommandLine().getCommandName();
        err.println("loomlab: " + e.getMessage().lines().findFirst().orElse("bad arguments")
                + " (see 'loomlab " + ("loomlab".equals(command) ? "" : command + " ") + "--help')");
        err.flush();
        return USAGE;
    }

    /** One line for a failure; with {@code debug} ({@code LOOMLAB_DEBUG}) the stack trace of an unexpected one too. */
    private static int failed(Exception e, CommandLine cli, boolean debug) {
        PrintWriter err = cli.getErr();
        if (e instanceof BadInput || e instanceof IllegalArgumentException) {
            err.println("loomlab: " + e.getMessage());
            err.flush();
            return USAGE;
        }
        if (e instanceof ChildDied) {
            err.println("loomlab: " + e.getMessage());
            err.flush();
            return 1;
        }
        if (e instanceof InterruptedException) {
            err.println("loomlab: interrupted");
            err.flush();
            return 130;
        }
        err.println("loomlab: " + e.getClass().getSimpleName() + ": " + e.getMessage());
        if (debug) {
            e.printStackTrace(err);
        }
        err.flush();
        return 1;
    }
}
