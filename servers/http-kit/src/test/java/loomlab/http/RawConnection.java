package loomlab.http;

import static java.nio.charset.StandardCharsets.ISO_8859_1;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;

/** A test client that sends exact bytes and reads responses (pipelined ones too) with {@link ResponseParser}. */
final class RawConnection implements AutoCloseable {
    private static final int READ_TIMEOUT_MILLIS = 10_000;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final byte[] readBuffer = new byte[8192];
    private ByteBuffer leftover = ByteBuffer.allocate(0);

    RawConnection(int port) throws IOException {
        this(port, 0);
    }

    /** @param receiveBufferSize a small value makes the server's writes hit a full socket buffer; 0 keeps the default */
    RawConnection(int port, int receiveBufferSize) throws IOException {
        socket = new Socket();
        if (receiveBufferSize > 0) {
            socket.setReceiveBufferSize(receiveBufferSize);
        }
        socket.connect(new InetSocketAddress("127.0.0.1", port), READ_TIMEOUT_MILLIS);
        socket.setSoTimeout(READ_TIMEOUT_MILLIS);
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    void send(String raw) throws IOException {
        out.write(raw.getBytes(ISO_8859_1));
    }

    /** Reads one whole response; bytes after it stay for the next call. */
    ResponseParser readResponse() throws IOException {
        ResponseParser parser = new ResponseParser();
        parser.captureBody(true);
        if (parser.feed(leftover) == ResponseParser.Outcome.COMPLETE) {
            return parser;
        }
        while (true) {
            int read = in.read(readBuffer);
            if (read < 0) {
                parser.endOfStream();
                return parser;
            }
            ByteBuffer bytes = ByteBuffer.wrap(readBuffer, 0, read);
            if (parser.feed(bytes) == ResponseParser.Outcome.COMPLETE) {
                leftover = ByteBuffer.allocate(bytes.remaining()).put(bytes).flip();
                return parser;
            }
        }
    }

    /** Reads exactly {@code length} bytes, for byte-exact comparisons. */
    String readExactly(int length) throws IOException {
        return new String(in.readNBytes(length), ISO_8859_1);
    }

    /** Whether the server closed the connection (and sent nothing more). */
    boolean closedByServer() throws IOException {
        return !leftover.hasRemaining() && in.read() < 0;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
