package loomlab.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import loomlab.lab.process.ProcessSupervisor;
import org.junit.jupiter.api.AfterEach;

/** An integration test whose every test must leave no supervised child running. */
interface LeavesNoProcess {
    @AfterEach
    default void nothingIsLeftRunning() {
        assertEquals(0, ProcessSupervisor.liveCount(), "supervised children still running");
    }
}
