package loomlab.lab.run;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import loomlab.core.arm.ServerId;
import loomlab.core.arm.ServingModel;
import loomlab.lab.servers.RunningServer;
import loomlab.lab.servers.ServerOptions;
import loomlab.threads.ExecutorMode;

/**
 * The downstream service an experiment's arms share, one per delay: started for the first arm that
 * calls it, replaced when it died, stopped when the experiment ends ({@link #close}). It is not under
 * test, and each arm reads its CPU over its own window only, so sharing changes no arm's figures; it
 * saves a JVM's start and stop per arm, and every arm after the first calls a warm service.
 */
public final class SharedDownstream implements AutoCloseable {
    /** Virtual threads keep the downstream service from ever being the limit. */
    private static final ServingModel MODE = ServingModel.of(ExecutorMode.virtual());

    private final Map<Integer, RunningServer> byDelay = new LinkedHashMap<>();

    /** The running service that answers after {@code delayMs}, started (or restarted) when needed. */
    public RunningServer get(RunContext context, int delayMs) throws IOException, InterruptedException {
        RunningServer running = byDelay.get(delayMs);
        if (running != null && !running.process().alive()) {
            running.close();
            byDelay.remove(delayMs);
            running = null;
        }
        if (running == null) {
            running = context.servers().start(ServerId.DOWNSTREAM, MODE, context.servers().labJava(),
                    new ServerOptions(0, null, delayMs),
                    context.sharedLogFile(ServerId.DOWNSTREAM.id() + "-" + delayMs + "ms"));
            byDelay.put(delayMs, running);
        }
        return running;
    }

    /** Stops every service started; the next {@link #get} starts afresh. */
    @Override
    public void close() {
        byDelay.values().forEach(RunningServer::close);
        byDelay.clear();
    }
}
