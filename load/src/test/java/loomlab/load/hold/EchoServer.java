package loomlab.load.hold;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The experiment's server in miniature, on 127.0.0.1 port 0: one thread accepts, and a virtual
 * thread per connection reads exactly 16 bytes and writes them back until the client closes.
 */
final class EchoServer implements AutoCloseable {
    private final ServerSocket server;
    private final Thread acceptor;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger echoes = new AtomicInteger();

    EchoServer() {
        try {
            server = new ServerSocket(0, 4096, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        acceptor = Thread.ofPlatform().name("echo-acceptor").daemon().start(this::acceptLoop);
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                accepted.incrementAndGet();
                sockets.add(socket);
                Thread.ofVirtual().start(() -> echo(socket));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void echo(Socket socket) {
        try (socket; InputStream in = socket.getInputStream(); OutputStream out = socket.getOutputStream()) {
            for (byte[] message; (message = in.readNBytes(16)).length == 16; ) {
                out.write(message);
                echoes.incrementAndGet();
            }
        } catch (IOException e) {
            // the client closed or reset the connection: this one is done
        } finally {
            sockets.remove(socket);
        }
    }

    int port() {
        return server.getLocalPort();
    }

    int accepted() {
        return accepted.get();
    }

    int echoes() {
        return echoes.get();
    }

    @Override
    public void close() throws Exception {
        server.close();
        for (Socket socket : sockets) {
            socket.close();
        }
        acceptor.join(5_000);
    }
}
