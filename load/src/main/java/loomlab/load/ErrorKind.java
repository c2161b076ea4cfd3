package loomlab.load;

/** Why a request did not get a good answer. */
enum ErrorKind {
    /** Refused, unreachable, or no socket to connect with. */
    CONNECT,
    /** No whole response within the per-request timeout. */
    TIMEOUT,
    /** A whole response, but with a status outside 2xx and 3xx. */
    STATUS,
    /** Malformed response, or the connection closed mid-exchange. */
    PROTOCOL
}
