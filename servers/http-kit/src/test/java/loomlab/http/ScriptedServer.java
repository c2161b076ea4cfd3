package loomlab.http;

import static java.nio.charset.StandardCharsets.ISO_8859_1;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A raw loopback server whose every connection follows a script, to give a client answers a real server would not. */
final class ScriptedServer implements AutoCloseable {

    @FunctionalInterface
    interface Script {
        void run(Socket socket) throws IOException, InterruptedException;
    }

    private final ServerSocket serverSocket;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    ScriptedServer(Script script) throws IOException {
        serverSocket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon().name("scripted-acceptor").start(() -> {
            while (!serverSocket.isClosed()) {
                try {
                    Socket socket = serverSocket.accept();
                    sockets.add(socket);
                    Thread.ofPlatform().daemon().start(() -> {
                        try (socket) {
                            script.run(socket);
                        } catch (IOException | InterruptedException e) {
                            // The test closed the server or the client went away.
                        }
                    });
                } catch (IOException e) {
                    return;
                }
            }
        });
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + serverSocket.getLocalPort() + path);
    }

    /** Reads one request head; false when the client closed first. */
    static boolean readRequestHead(InputStream in) throws IOException {
        int matched = 0;
        byte[] end = "\r\n\r\n".getBytes(ISO_8859_1);
        while (matched < end.length) {
            int b = in.read();
            if (b < 0) {
                return false;
            }
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return true;
    }

    static void write(Socket socket, String raw) throws IOException {
        socket.getOutputStream().write(raw.getBytes(ISO_8859_1));
    }

    @Override
    public void close() throws IOException {
        serverSocket.close();
        for (Socket socket : sockets) {
            socket.close();
        }
    }
}
