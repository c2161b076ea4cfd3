package loomlab.tasks.structured;

import java.io.PrintStream;
import java.util.List;
import loomlab.tasks.TasksMain;

/**
 * {@code java --enable-preview -jar tasks-structured.jar [--option value]...}: runs the
 * structured-concurrency program (its name may also be given as the first argument).
 */
public final class StructuredMain {
    private StructuredMain() {
    }

    public static void main(String[] args) {
        int code = run(args, System.out, System.err);
        System.out.flush();
        System.exit(code);
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        String[] named = args.length > 0 && args[0].equals(StructuredConcurrencyProgram.NAME) ? args : prepend(args);
        return TasksMain.run(List.of(new StructuredConcurrencyProgram()), named, out, err);
    }

    private static String[] prepend(String[] args) {
        String[] named = new String[args.length + 1];
        named[0] = StructuredConcurrencyProgram.NAME;
        System.arraycopy(args, 0, named, 1, args.length);
        return named;
    }
}
