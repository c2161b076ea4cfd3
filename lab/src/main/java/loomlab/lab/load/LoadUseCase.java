package loomlab.lab.load;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import loomlab.lab.process.ProcessSupervisor;

/**
 * {@code loomlab load}: the engine asked whether it can load a URL on its own and honour the options,
 * then installed, then loading.
 *
 * @param engines         the engines {@code --engine} offers
 * @param processes       the supervisor of every child process
 * @param path            the folders programs are looked for in, as {@code PATH} lists them; null without one
 * @param temporaryFolder the JVM's temporary folder
 * @param interactive     output goes to a person at a terminal, so progress may be redrawn in place
 * @param progress        where what happens meanwhile is said: standard error, so the figures stay alone
 */
public record LoadUseCase(Engines engines, ProcessSupervisor processes, String path, Path temporaryFolder,
                          boolean interactive, PrintStream progress) {
    /** Loads the URL: its figures on {@code out}, a note on {@code err}. */
    public void load(Engine engine, UrlLoad load, PrintWriter out, PrintWriter err)
            throws InterruptedException, IOException {
        engines.require(engine, Capability.STANDALONE, "load");
        if (load.openModel() || load.maxInFlight() != null) {
            engines.require(engine, Capability.OPEN_MODEL, load.openModel() ? "--rate" : "--max-in-flight");
        }
        engine.refuse(load);
        engine.prepare(path, progress, processes);
        engine.load(load, new UrlLoad.Output(out, err, progress, interactive, processes, temporaryFolder));
    }
}
