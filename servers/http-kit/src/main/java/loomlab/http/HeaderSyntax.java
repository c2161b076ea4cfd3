package loomlab.http;

/** The shape of one {@code name: value} header line, shared by the request and response parsers. */
final class HeaderSyntax {
    private HeaderSyntax() {
    }

    /**
     * Returns the index of the colon that ends the header name, after checking that the name is a
     * non-empty token. Whitespace before the colon and obsolete line folding are rejected, as RFC 9112
     * asks of a recipient that does not repair them.
     */
    static int colonIndex(byte[] line, int length) throws HttpProtocolException {
        if (line[0] == Ascii.SP || line[0] == Ascii.HT) {
            throw new HttpProtocolException("obsolete header line folding");
        }
        for (int i = 0; i < length; i++) {
            byte b = line[i];
            if (b == ':') {
                if (i == 0) {
                    throw new HttpProtocolException("empty header name");
                }
                return i;
            }
            if (!Ascii.isTokenChar(b)) {
                throw new HttpProtocolException("invalid character in header name");
            }
        }
        throw new HttpProtocolException("header line without a colon");
    }
}
