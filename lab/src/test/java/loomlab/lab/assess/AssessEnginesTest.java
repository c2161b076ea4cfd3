package loomlab.lab.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import loomlab.core.BadInput;
import loomlab.core.assess.CurvePoint;
import loomlab.lab.load.ClosedModelEngine;
import loomlab.lab.load.Engine;
import loomlab.lab.load.Engines;
import loomlab.lab.load.LabClosedModel;
import loomlab.lab.load.engines.StandardEngines;
import loomlab.lab.process.ProcessSupervisor;
import loomlab.load.LoadListener;
import loomlab.load.RequestMix;
import org.junit.jupiter.api.Test;

class AssessEnginesTest {
    private static final Engines ENGINES = StandardEngines.of(Path.of("/lab"));

    @Test
    void theLabsGeneratorOrLocustDrivesTheCurveAndTheSeedsToolsAreRefused() {
        assertInstanceOf(LabClosedModel.class, curveEngine(Engines.LAB));
        ClosedModelEngine locust = curveEngine(ENGINES.parse("locust"));
        assertFalse(locust instanceof LabClosedModel);
        assertEquals("locust", locust.name());
        BadInput wrk = assertThrows(BadInput.class, () -> curveEngine(Engines.WRK));
        assertEquals("assess needs --engine lab or locust (the wrk engine cannot mix weighted paths)",
                wrk.getMessage());
    }

    private static ClosedModelEngine curveEngine(Engine engine) {
        return AssessEngines.curveEngine(ENGINES, engine, new ProcessSupervisor(), Path.of("/lab/arms"),
                new PrintStream(OutputStream.nullOutputStream()));
    }

    @Test
    void anotherCurveEngineIsSaidToLeaveTheCapacitySearchToTheLabsOpenModel() {
        assertNull(AssessEngines.capacityNote(new LabClosedModel()));
        ClosedModelEngine other = new ClosedModelEngine() {
            @Override
            public String name() {
                return "locust";
            }

            @Override
            public CurvePoint measure(URI base, RequestMix paths, int users, Duration warmup, Duration length,
                                      LoadListener progress, loomlab.lab.watch.Watchdog watch) {
                throw new UnsupportedOperationException();
            }
        };
        String note = AssessEngines.capacityNote(other);
        assertTrue(note.startsWith("the curve is measured by locust; the capacity search uses the lab's own"
                + " generator, since it needs arrivals at a fixed rate (the open model)"), note);
        assertTrue(AssessEngines.description(other).startsWith("closed-model curve: locust"));
    }
}
