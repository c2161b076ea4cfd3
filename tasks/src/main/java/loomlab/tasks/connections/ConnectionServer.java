package loomlab.tasks.connections;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import loomlab.tasks.cli.Options;
import loomlab.tasks.cli.UsageException;
import loomlab.threads.Threads;

/**
 * The server of the {@code connections} experiment: a thread per connection on blocking
 * {@code java.net} sockets, in both arms, because that is what virtual threads make scale. Each
 * connection's thread reads a fixed {@value #MESSAGE_BYTES}-byte message and writes it back, for as
 * long as the client keeps the connection open.
 *
 * <p>{@code java -cp tasks.jar loomlab.tasks.connections.ConnectionServer --threads platform|virtual
 * [--ports N] [--backlog N] [--bind ADDRESS]}. It prints {@code listening ports=P1,P2,...} once it
 * accepts, and one {@code limit ...} line the first time a thread cannot be started or a socket
 * cannot be accepted for lack of a resource. It runs until it is stopped, or until the process named
 * by the {@code loomlab.parent.pid} property ends.
 */
public final class ConnectionServer {
    /** The message both sides exchange; small and fixed, so no per-connection buffer grows. */
    public static final int MESSAGE_BYTES = 16;
    static final int MAX_PORTS = 64;
    private static final Set<String> OPTIONS = Set.of("threads", "ports", "backlog", "bind");
    /** A thread per connection: platform or virtual, no event loop. */
    private static final Set<Threads> THREADS = EnumSet.of(Threads.PLATFORM, Threads.VIRTUAL);

    private final boolean virtual;
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicBoolean limitReported = new AtomicBoolean();
    private final PrintStream out;

    ConnectionServer(boolean virtual, PrintStream out) {
        this.virtual = virtual;
        this.out = out;
    }

    public static void main(String[] args) {
        try {
            Options options = Options.parse(args, OPTIONS);
            Threads threads = options.choice("threads", "", text -> Threads.parse(text, THREADS));
            int ports = options.integer("ports", 1, 1);
            if (ports > MAX_PORTS) {
                throw new UsageException("--ports must be from 1 to " + MAX_PORTS + ", not " + ports);
            }
            int backlog = options.integer("backlog", 4096, 1);
            InetAddress bind = InetAddress.getByName(options.text("bind", "127.0.0.1"));
            watchParent();
            new ConnectionServer(threads == Threads.VIRTUAL, System.out).serve(bind, ports, backlog);
        } catch (UsageException e) {
            System.err.println("connection-server: " + e.getMessage());
            System.exit(2);
        } catch (IOException e) {
            System.err.println("connection-server failed: " + e);
            System.exit(1);
        }
    }

    /** Binds the ports and starts one accepting platform thread per port; returns once all accept. */
    List<Integer> serve(InetAddress bind, int ports, int backlog) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        for (int i = 0; i < ports; i++) {
            sockets.add(new ServerSocket(0, backlog, bind));
        }
        for (ServerSocket socket : sockets) {
            Thread acceptor = new Thread(() -> acceptLoop(socket), "accept-" + socket.getLocalPort());
            acceptor.start();
        }
        List<Integer> bound = sockets.stream().map(ServerSocket::getLocalPort).toList();
        out.println("listening ports=" + bound.stream().map(String::valueOf).collect(Collectors.joining(",")));
        out.flush();
        return bound;
    }

    private void acceptLoop(ServerSocket server) {
        while (!server.isClosed()) {
            Socket socket;
            try {
                socket = server.accept();
            } catch (IOException e) {
                // Out of file descriptors: the connection waits in the backlog; retrying at once would spin.
                reportLimit("accept", e);
                pause();
                continue;
            }
            accepted.incrementAndGet();
            try {
                start(() -> echo(socket));
            } catch (OutOfMemoryError e) {
                // "unable to create native thread": the platform arm's limit, reported and not fatal.
                reportLimit("thread", e);
                closeQuietly(socket);
            }
        }
    }

    private void start(Runnable connection) {
        if (virtual) {
            Thread.ofVirtual().start(connection);
        } else {
            Thread.ofPlatform().start(connection);
        }
    }

    private void echo(Socket socket) {
        open.incrementAndGet();
        byte[] message = new byte[MESSAGE_BYTES];
        try (socket) {
            socket.setTcpNoDelay(true);
            InputStream in = socket.getInputStream();
            OutputStream reply = socket.getOutputStream();
            while (in.readNBytes(message, 0, MESSAGE_BYTES) == MESSAGE_BYTES) {
                reply.write(message);
            }
        } catch (IOException closedByClient) {
            // the client went away; nothing to answer
        } finally {
            open.decrementAndGet();
        }
    }

    private void reportLimit(String where, Throwable cause) {
        if (limitReported.compareAndSet(false, true)) {
            out.println("limit where=" + where + " accepted=" + accepted.get() + " open=" + open.get() + " error="
                    + cause.getClass().getSimpleName() + ": " + String.valueOf(cause.getMessage()).replace('\n', ' '));
            out.flush();
        }
    }

    private static void pause() {
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing a socket we could not serve
        }
    }

    /** Ends this process soon after the lab is gone, even if the lab was killed with -9. */
    private static void watchParent() {
        String pid = System.getProperty("loomlab.parent.pid");
        if (pid == null) {
            return;
        }
        ProcessHandle.of(Long.parseLong(pid)).ifPresentOrElse(parent -> parent.onExit().thenRun(() -> {
            System.err.println("parent process " + pid + " is gone; stopping");
            Runtime.getRuntime().halt(0);
        }), () -> Runtime.getRuntime().halt(0));
    }
}
