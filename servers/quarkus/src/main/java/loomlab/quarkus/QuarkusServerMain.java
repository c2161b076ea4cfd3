package loomlab.quarkus;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import loomlab.http.ParentWatch;

/**
 * The Quarkus arm of the JDBC experiment (seed 004). The lab passes the datasource and the pool
 * limits as {@code -D} properties; the entry point only adds the watch on the lab's process.
 */
@QuarkusMain
public final class QuarkusServerMain {
    private QuarkusServerMain() {
    }

    public static void main(String[] args) {
        String pid = System.getProperty(ParentWatch.PROPERTY);
        if (pid != null && !pid.isBlank()) {
            // A lab killed outright cannot stop this server; the watch ends it instead.
            ParentWatch.start(Long.parseLong(pid.strip()));
        }
        Quarkus.run(args);
    }
}
