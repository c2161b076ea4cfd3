package jetty;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.VirtualThreadPool;

/**
 * A minimal embedded Jetty 12 server, as a user writes one: Jetty's own {@code QueuedThreadPool} with its
 * defaults (8 to 200 platform threads, idle ones leave after 60 s), and with {@code --threads virtual} the
 * shape Jetty's programming guide prefers for virtual threads: the same pool, its blocking work handed to
 * a {@code VirtualThreadPool} (selectors and acceptors stay on the pool's platform threads). A core
 * handler, blocking: {@code /hello} answers at once, {@code /sleep/N} after {@code Thread.sleep(N)}.
 * Prints {@code listening on http://127.0.0.1:PORT} once it listens; exits when the JVM that started it
 * ({@code -Dloomlab.parent.pid}) is gone. Compiled by the test with {@code --release 21}.
 */
public final class JettyService {
    private static final ByteBuffer OK = ByteBuffer.wrap("ok\n".getBytes(StandardCharsets.UTF_8));

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(option(args, "--port"));
        String threads = option(args, "--threads");
        QueuedThreadPool pool = new QueuedThreadPool();
        VirtualThreadPool virtual = null;
        switch (threads) {
            case "platform" -> { }
            case "virtual" -> {
                virtual = new VirtualThreadPool();
                pool.setVirtualThreadsExecutor(virtual);
            }
            default -> {
                System.err.println("--threads must be platform or virtual, not '" + threads + "'");
                System.exit(2);
            }
        }
        Server server = new Server(pool);
        if (virtual != null) {
            server.addBean(virtual); // started and stopped with the server
        }
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(port);
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                String path = Request.getPathInContext(request);
                if (path.startsWith("/sleep/")) {
                    Thread.sleep(Long.parseLong(path.substring("/sleep/".length())));
                } else if (!path.equals("/hello")) {
                    Response.writeError(request, response, callback, 404);
                    return true;
                }
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain");
                response.write(true, OK.slice(), callback);
                return true;
            }
        });
        server.start();
        String parent = System.getProperty("loomlab.parent.pid");
        if (parent != null) {
            ProcessHandle.of(Long.parseLong(parent)).ifPresentOrElse(
                    p -> p.onExit().thenRun(() -> Runtime.getRuntime().halt(3)),
                    () -> Runtime.getRuntime().halt(3));
        }
        System.out.println("listening on http://127.0.0.1:" + connector.getLocalPort());
        server.join();
    }

    private static String option(String[] args, String name) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        System.err.println("missing " + name);
        System.exit(2);
        return null;
    }
}
