package loomlab.quarkus;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import loomlab.http.ParentWatch;
import loomlab.http.RecordingAnnouncer;

/**
 * The Quarkus arm of the JDBC experiment (seed 004). The lab passes the datasource and the pool
 * limits as {@code -D} properties; the entry point only adds the watch on the lab's process.
 */
@QuarkusMain
public final class QuarkusServerMain {
    private QuarkusServerMain() {
    }

    public static void main(String[] args) {
        ParentWatch.startIfNamed();
        RecordingAnnouncer.start();
        Quarkus.run(args);
    }
}
