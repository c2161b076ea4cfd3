package loomlab.load.hold;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/**
 * The load side of the connections experiment: holds many keep-alive connections to an echo server.
 * Progress lines, then one JSON result line, on stdout. Exit codes: 0 once the result is printed
 * (failed connections are a finding, for the caller to judge), 2 for bad input, 1 for anything
 * unexpected; either failure is one line on stderr.
 */
public final class HoldMain {

    private HoldMain() {
    }

    public static void main(String[] args) {
        System.exit(runCommandLine(args, System.out, System.err));
    }

    /** The whole command line without exiting: prints as {@link #main} does and returns the exit code. */
    public static int runCommandLine(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 1 && (args[0].equals("-h") || args[0].equals("--help"))) {
            out.println(HoldArguments.USAGE);
            return 0;
        }
        HoldResult result;
        try {
            result = run(HoldArguments.parse(args), out);
        } catch (IllegalArgumentException e) {
            err.println("hold: " + oneLine(e.getMessage()) + " (--help shows usage)");
            return 2;
        } catch (IOException | RuntimeException | Error e) {
            err.println("hold: unexpected failure: " + oneLine(e.toString()));
            return 1;
        }
        out.println(result.toJson());
        out.flush();
        return 0;
    }

    /**
     * One run on the calling thread, which becomes the event loop until the result is in.
     *
     * @param progress where the progress lines go, each flushed
     * @throws IllegalArgumentException when the host does not resolve
     */
    public static HoldResult run(HoldSpec spec, PrintStream progress) throws IOException {
        InetAddress address;
        try {
            address = InetAddress.getByName(spec.host());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--host '" + spec.host() + "' does not resolve to an address");
        }
        InetSocketAddress[] targets = spec.ports().stream()
                .map(port -> new InetSocketAddress(address, port))
                .toArray(InetSocketAddress[]::new);
        return new HoldClient(spec, targets, progress).run();
    }

    private static String oneLine(String text) {
        return String.valueOf(text).replaceAll("\\s*[\\r\\n]+\\s*", " ");
    }
}
