package loomlab.http;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.OptionalLong;

/**
 * The shared life of a server main: parse arguments, watch the parent, start, print
 * {@code listening on http://127.0.0.1:PORT}, and stop cleanly on SIGINT/SIGTERM. Bad arguments and
 * a taken port print one line on stderr and exit with code 2.
 */
public final class ServerLauncher {
    public static final int EXIT_USAGE = 2;
    public static final int EXIT_FAILURE = 1;

    /** Starts the server from parsed arguments. */
    @FunctionalInterface
    public interface Starter {
        RunningServer start(ServerArgs args) throws IOException, UsageException;
    }

    private ServerLauncher() {
    }

    /**
     * Runs the server until it is stopped. Failures exit the JVM with their code; a normal stop just
     * returns, and the JVM ends because every server thread is a daemon.
     */
    public static void launch(String program, String[] args, List<ServerArgs.Option> options, Starter starter) {
        int code = run(program, args, options, starter, System.out, System.err);
        if (code != 0) {
            System.exit(code);
        }
    }

    static int run(String program, String[] args, List<ServerArgs.Option> options, Starter starter,
                   PrintStream out, PrintStream err) {
        ServerArgs parsed;
        OptionalLong parentPid;
        try {
            parsed = ServerArgs.parse(args, options);
            parentPid = parsed.parentPid();
        } catch (UsageException e) {
            err.println(program + ": " + e.getMessage());
            return EXIT_USAGE;
        }
        if (parsed.helpRequested()) {
            out.println(ServerArgs.usage(program, options));
            return 0;
        }
        parentPid.ifPresent(ParentWatch::start);
        RecordingAnnouncer.start();
        RunningServer server;
        try {
            server = starter.start(parsed);
        } catch (UsageException e) {
            err.println(program + ": " + e.getMessage());
            return EXIT_USAGE;
        } catch (PortInUseException e) {
            err.println(e.getMessage());
            return EXIT_USAGE;
        } catch (IOException e) {
            err.println(program + ": cannot start: " + e.getMessage());
            return EXIT_FAILURE;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, program + "-shutdown"));
        out.println("listening on " + server.baseUri());
        out.flush();
        try {
            server.awaitClosed();
        } catch (InterruptedException e) {
            server.close();
        }
        return 0;
    }
}
