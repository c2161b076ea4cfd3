/**
 * The load side of the connections experiment: {@link loomlab.load.hold.HoldMain} opens many
 * keep-alive connections to a thread-per-connection echo server, holds them while each sends a
 * 16-byte message per interval, and reports one JSON line. One selector thread drives them all, so
 * the client's own footprint stays small next to the server's thread per connection.
 */
package loomlab.load.hold;
