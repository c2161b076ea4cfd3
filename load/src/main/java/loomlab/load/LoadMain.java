package loomlab.load;

import java.io.PrintStream;

/**
 * Runs one load from the command line: progress on stderr (rewritten in place on a terminal), the
 * report table on stdout. Bad input: one line and exit code 2.
 */
public final class LoadMain {

    private LoadMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length == 1 && (args[0].equals("-h") || args[0].equals("--help"))) {
            System.out.println(LoadArguments.USAGE);
            return;
        }
        LoadSpec spec;
        LoadResult result;
        try {
            spec = LoadArguments.parse(args);
            result = LoadGenerator.run(spec, progressPrinter(System.err, System.console() != null && System.console().isTerminal()));
        } catch (IllegalArgumentException e) {
            System.err.println("load: " + e.getMessage() + " (--help shows usage)");
            System.exit(2);
            return;
        }
        System.out.print(LoadReport.table(result, spec));
    }

    private static LoadListener progressPrinter(PrintStream out, boolean terminal) {
        if (!terminal) {
            return interval -> out.println(ProgressLine.format(interval));
        }
        return new LoadListener() {
            private boolean printed;

            @Override
            public void onInterval(IntervalSnapshot interval) {
                out.print("\r" + ProgressLine.format(interval) + "\u001b[K");
                out.flush();
                if (!printed) {
                    printed = true;
                    Runtime.getRuntime().addShutdownHook(new Thread(out::println)); // leave the terminal on a fresh line
                }
            }
        };
    }
}
