package loomlab.loomcat;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Optional;
import loomlab.http.ServerArgs;
import loomlab.http.ServerLauncher;
import loomlab.http.UsageException;
import loomlab.threads.ExecutorMode;

/** {@code java -jar loomcat.jar [--port N] [--mode MODE] [--downstream URL] [--parent-pid PID]} */
public final class LoomcatMain {
    static final ServerArgs.Option MODE = new ServerArgs.Option("--mode", "MODE",
            "request executor: " + ExecutorMode.CHOICES + " (default virtual)");
    static final ServerArgs.Option DOWNSTREAM = new ServerArgs.Option("--downstream", "URL",
            "base URL of the downstream service that /downstream calls, e.g. http://127.0.0.1:8081");
    static final List<ServerArgs.Option> OPTIONS = List.of(MODE, DOWNSTREAM);

    private LoomcatMain() {
    }

    public static void main(String[] args) {
        ServerLauncher.launch("loomcat", args, OPTIONS, LoomcatMain::start);
    }

    static Loomcat start(ServerArgs args) throws IOException, UsageException {
        return Loomcat.start(args.port(), mode(args), downstream(args));
    }

    static ExecutorMode mode(ServerArgs args) throws UsageException {
        try {
            return args.value(MODE.name()).map(ExecutorMode::parse).orElseGet(ExecutorMode::virtual);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    static Optional<URI> downstream(ServerArgs args) throws UsageException {
        Optional<String> text = args.value(DOWNSTREAM.name());
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            URI uri = new URI(text.get());
            if (!"http".equals(uri.getScheme()) || uri.getHost() == null) {
                throw new URISyntaxException(text.get(), "expected http://host[:port]");
            }
            return Optional.of(uri);
        } catch (URISyntaxException e) {
            throw new UsageException("--downstream must be an http:// URL like http://127.0.0.1:8081, not '" + text.get() + "'");
        }
    }
}
