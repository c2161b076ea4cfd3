package loomlab.cli;

import loomlab.lab.load.Engine;
import loomlab.lab.load.Engines;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * What measures: {@code --engine}, and for an engine that runs workers where they run. Shared by every
 * command that loads a server ({@code run}, {@code load}), so each reads and checks them the same way.
 */
final class EngineOptions {
    // The engines and what each can do come from the lab's engines (Engines.help, through HelpValues),
    // so a new engine shows here without an edit.
    @Option(names = "--engine", paramLabel = "ENGINE", converter = Converters.LoadEngineName.class,
            description = "What measures: ${sys:" + HelpValues.ENGINES + "}. Warm-ups always use the lab's generator; an"
                    + " option that needs a capability says which engines have it.")
    Engine engine;

    /** Where the workers run: shared with assess, whose --engine offers fewer engines. */
    @Mixin
    WorkerOptions workers = new WorkerOptions();

    /** The engine (the default when none is named) with its workers; bad input for worker options it cannot take. */
    Engine choice(Engines engines) {
        return workers.placed(engine != null ? engine : engines.defaultEngine(), engines);
    }
}
