// The lab's throwaway PostgreSQL for the hikari scenario, for as long as stdin stays open:
//
//   java -cp cli/target/loomlab.jar bench/thread-dumps/libraries/ThrowawayDatabase.java WORK_DIR
//
// Prints "JDBC_URL USER PASSWORD" on one line once it answers, then waits; when stdin closes (or the JVM is
// told to stop) the server and its folder are gone (the lab's ThrowawayPostgres, as `loomlab run jdbc` uses).

import java.nio.file.Path;
import loomlab.lab.database.ThrowawayPostgres;

public class ThrowawayDatabase {
    public static void main(String[] args) throws Exception {
        try (ThrowawayPostgres database = ThrowawayPostgres.start(Path.of(args[0]))) {
            System.out.println(database.jdbcUrl() + " " + database.user() + " " + database.password());
            System.out.flush();
            while (System.in.read() >= 0) {
                // until stdin closes
            }
        }
    }
}
