package loomlab.lab.database;

import java.sql.Connection;
import java.sql.SQLException;
import loomlab.core.BadInput;

/** An existing PostgreSQL server the user named; the lab uses it and leaves it as it was. */
public record DatabaseTarget(String jdbcUrl, String user, String password) implements Database {
    private static final String PREFIX = "jdbc:postgresql://";
    private static final int CHECK_TIMEOUT_SECONDS = 10;

    public DatabaseTarget {
        if (jdbcUrl == null || !jdbcUrl.startsWith(PREFIX) || jdbcUrl.length() == PREFIX.length()) {
            throw new BadInput("database URL must look like " + PREFIX + "HOST:PORT/DATABASE, got '" + jdbcUrl + "'");
        }
        if (user == null || user.isBlank()) {
            throw new BadInput("a database URL needs a user name as well");
        }
        password = password == null ? "" : password;
    }

    /** This target once a connection has shown that the URL, user and password work. */
    public DatabaseTarget verified() throws DatabaseUnavailable {
        try (Connection connection = Jdbc.connect(jdbcUrl, user, password)) {
            if (!connection.isValid(CHECK_TIMEOUT_SECONDS)) {
                throw new DatabaseUnavailable("connected to " + jdbcUrl + " but the server does not answer");
            }
            return this;
        } catch (SQLException e) {
            throw new DatabaseUnavailable("cannot connect to " + jdbcUrl + " as " + user, e);
        }
    }

    @Override
    public boolean isRunning() {
        return true;
    }

    @Override
    public String describe() {
        return "PostgreSQL at " + jdbcUrl + " as " + user;
    }

    /** Hides the password in logs and reports. */
    @Override
    public String toString() {
        return "DatabaseTarget[" + jdbcUrl + ", user=" + user + "]";
    }

    @Override
    public void close() {
        // The user's server outlives the lab.
    }
}
