package loomlab.core.arm;

/**
 * Time requests spent waiting for a JDBC connection from the server's pool, as the pool itself
 * counts it (Agroal's blocking time in Quarkus, HikariCP's acquisition time in loomcat), over the
 * server's life: warm-up and measurement.
 *
 * @param acquisitions connections handed out
 * @param averageMs    mean wait per acquisition
 * @param maxMs        longest single wait
 * @param totalMs      all waits added up
 */
public record ConnectionWait(Long acquisitions, Double averageMs, Double maxMs, Double totalMs) {
}
