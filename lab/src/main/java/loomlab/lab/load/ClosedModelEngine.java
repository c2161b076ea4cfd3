package loomlab.lab.load;

import java.net.URI;
import java.time.Duration;
import loomlab.core.assess.CurvePoint;
import loomlab.lab.watch.Watchdog;
import loomlab.load.LoadListener;
import loomlab.load.RequestMix;

/**
 * What drives the closed-model curve of an assessment: users that each send their next request
 * when the last is answered. Another load engine can take this part (the capacity search needs an
 * open-model generator and always uses the lab's, {@code loomlab.lab.assess.OpenModelStep}).
 */
public interface ClosedModelEngine {
    /** As results.json and the console name it. */
    String name();

    /**
     * {@code users} users on the mix for {@code length} after a warm-up of {@code warmup}: successful
     * answers per second, p50 and p99 from the actual send, and errors.
     *
     * @param progress sees each second of the measured window, or {@link LoadListener#NONE}
     * @param watch    follows the runs it can see (the lab's generator's), and stops one that hangs
     */
    CurvePoint measure(URI base, RequestMix paths, int users, Duration warmup, Duration length, LoadListener progress,
                       Watchdog watch) throws InterruptedException;
}
