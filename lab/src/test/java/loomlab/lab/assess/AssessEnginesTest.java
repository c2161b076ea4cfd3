package loomlab.lab.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Duration;
import loomlab.core.BadInput;
import loomlab.core.assess.CurvePoint;
import loomlab.load.LoadListener;
import loomlab.load.PathMix;
import org.junit.jupiter.api.Test;

class AssessEnginesTest {
    @Test
    void theLabsGeneratorDrivesTheCurveAndTheSeedsToolsAreRefused() {
        assertInstanceOf(LabClosedModel.class, AssessEngines.curveEngine("lab"));
        assertInstanceOf(LabClosedModel.class, AssessEngines.curveEngine(" LAB "));
        BadInput wrk = assertThrows(BadInput.class, () -> AssessEngines.curveEngine("wrk"));
        assertEquals("--engine wrk cannot assess a service; choose from: lab (ab, siege and wrk do not mix weighted"
                + " paths)", wrk.getMessage());
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
            public CurvePoint measure(URI base, PathMix paths, int users, Duration warmup, Duration length,
                                      LoadListener progress) {
                throw new UnsupportedOperationException();
            }
        };
        String note = AssessEngines.capacityNote(other);
        assertTrue(note.startsWith("the curve is measured by locust; the capacity search uses the lab's own"
                + " generator, since it needs arrivals at a fixed rate (the open model)"), note);
        assertTrue(AssessEngines.description(other).startsWith("closed-model curve: locust"));
    }
}
