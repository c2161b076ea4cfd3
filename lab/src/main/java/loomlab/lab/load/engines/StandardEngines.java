package loomlab.lab.load.engines;

import java.nio.file.Path;
import java.util.List;
import loomlab.lab.load.Engines;
import loomlab.lab.load.locust.Locust;

/**
 * Every engine the lab has, in {@code --engine}'s order, the first the default: the one list a new
 * engine joins. It lives above the engines' packages, so that {@code load} knows no engine of a
 * package of its own ({@code locust}) that knows {@code load} back.
 */
public final class StandardEngines {
    private StandardEngines() {
    }

    /** What an engine installs (Locust's virtual environment) goes under {@code labHome}. */
    public static Engines of(Path labHome) {
        return new Engines(List.of(Engines.LAB, Engines.AB, Engines.SIEGE, Engines.WRK, Locust.engine(labHome)));
    }
}
