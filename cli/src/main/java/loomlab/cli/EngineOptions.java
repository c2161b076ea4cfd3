package loomlab.cli;

import loomlab.lab.load.Engine;
import loomlab.lab.load.EngineChoice;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * What measures: {@code --engine}, and for Locust where its workers run. Shared by every command
 * that loads a server ({@code run}, {@code load}), so each reads and checks them the same way.
 */
final class EngineOptions {
    // The engines and what each can do come from the engines themselves (Engine.help, through
    // HelpValues), so a new engine shows here without an edit.
    @Option(names = "--engine", paramLabel = "ENGINE", converter = Converters.LoadEngineName.class,
            description = "What measures: ${sys:" + HelpValues.ENGINES + "}. Warm-ups always use the lab's generator; an"
                    + " option that needs a capability says which engines have it.")
    Engine engine = Engine.DEFAULT;

    /** Where Locust's workers run: shared with assess, whose --engine offers fewer engines. */
    @Mixin
    LocustWorkerOptions workers = new LocustWorkerOptions();

    /** The engine with its workers; bad input for worker options without Locust or that cannot work. */
    EngineChoice choice() {
        return workers.choice(engine);
    }
}
