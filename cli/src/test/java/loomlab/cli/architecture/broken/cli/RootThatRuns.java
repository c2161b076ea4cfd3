package loomlab.cli.architecture.broken.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import loomlab.cli.architecture.broken.lab.RunUseCase;

/**
 * A composition root that also does a command's work: it makes the results folder, says where, and runs
 * the use case itself instead of handing it to the command.
 */
public final class RootThatRuns {
    private final Settings settings;
    private final RunUseCase run = new RunUseCase();

    RootThatRuns(Settings settings) {
        this.settings = settings;
    }

    int run() throws IOException {
        Path out = Files.createDirectories(settings.home().resolve("results"));
        System.out.println("results: " + out);
        return run.run();
    }
}
