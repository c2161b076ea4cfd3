package loomlab.cli.architecture.broken.cli;

import java.nio.file.Path;

/** What the command line read of its environment, handed to the composition root. */
public record Settings(Path home, Path java) {
}
