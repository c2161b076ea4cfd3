package loomlab.tasks.fairness;

import java.util.Arrays;

/**
 * What starting a platform thread costs the thread that starts it, measured in the same JVM before
 * the rounds: when a heavy task takes less than this, each is done before the next thread is
 * running, and light tasks never queue behind heavy ones on platform threads.
 */
final class PlatformThreadStart {
    static final int SAMPLES = 200;

    private PlatformThreadStart() {
    }

    /** The median of {@code samples} starts of a thread that does nothing, in microseconds. */
    static Double medianMicros(int samples) throws InterruptedException {
        long[] nanos = new long[samples];
        for (int i = 0; i < samples; i++) {
            long start = System.nanoTime();
            Thread thread = Thread.ofPlatform().start(() -> { });
            nanos[i] = System.nanoTime() - start;
            thread.join();
        }
        Arrays.sort(nanos);
        return Math.round(nanos[samples / 2] / 10.0) / 100.0;
    }
}
