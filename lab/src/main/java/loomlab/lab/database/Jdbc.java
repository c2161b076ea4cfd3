package loomlab.lab.database;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/** Connections for the lab's own checks, short timeouts so a wrong address fails fast. */
final class Jdbc {
    private static final String CONNECT_TIMEOUT_SECONDS = "10";

    private Jdbc() {
    }

    static Connection connect(String jdbcUrl, String user, String password) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", user);
        properties.setProperty("password", password);
        properties.setProperty("connectTimeout", CONNECT_TIMEOUT_SECONDS);
        properties.setProperty("loginTimeout", CONNECT_TIMEOUT_SECONDS);
        return DriverManager.getConnection(jdbcUrl, properties);
    }
}
