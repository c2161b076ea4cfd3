package loomlab.loomcat;

/**
 * Where {@code /db} reads from and how many JDBC connections it may hold.
 *
 * @param jdbcUrl e.g. {@code jdbc:postgresql://127.0.0.1:5432/loomlab}
 * @param minPool connections kept open
 * @param maxPool connections at most
 */
record DatabaseSettings(String jdbcUrl, String user, String password, int minPool, int maxPool) {
    DatabaseSettings {
        if (minPool < 0 || maxPool < 1 || minPool > maxPool) {
            throw new IllegalArgumentException("the JDBC pool needs 0 <= min <= max and max >= 1, got " + minPool
                    + ".." + maxPool);
        }
    }
}
