package loomlab.cli.architecture.broken.cli;

/** A use case kept in the command line, where no test can run it without the commands. */
public final class ServeUseCase {
    public int serve(String server) {
        return server.length();
    }
}
