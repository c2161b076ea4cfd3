package loomlab.loomcat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;

/**
 * A request that pins its virtual thread on purpose, so the lab can show its recording catches
 * pinning. Since JDK 24 {@code synchronized} no longer pins (JEP 491); a virtual thread that blocks
 * with a VM frame on its stack still does, as when it blocks inside a class initializer. Each
 * request defines a fresh hidden copy of {@link SleepingInitializer}, whose static initializer
 * sleeps, and initializes it on the request's thread: public API only, and it pins on JDK 21 too.
 */
final class Pinning {
    /** How long the initializer of the class being defined on this thread sleeps; read by its copy. */
    static final ThreadLocal<Long> SLEEP_MILLIS = new ThreadLocal<>();
    private static final byte[] INITIALIZER = classBytes();

    private Pinning() {
    }

    /** Blocks the calling thread for {@code millis} inside a class initializer. */
    static void blockInClassInitializer(long millis) throws IllegalAccessException {
        SLEEP_MILLIS.set(millis);
        try {
            MethodHandles.lookup().defineHiddenClass(INITIALIZER, true);
        } finally {
            SLEEP_MILLIS.remove();
        }
    }

    /** Never initialized as itself: only its bytes are used, once per request, as a hidden class. */
    static final class SleepingInitializer {
        static {
            try {
                Thread.sleep(Pinning.SLEEP_MILLIS.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private SleepingInitializer() {
        }
    }

    private static byte[] classBytes() {
        // By name, not by class literal: the original class is never loaded, only its bytes are read.
        String file = "Pinning$SleepingInitializer.class";
        try (InputStream in = Pinning.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException(file + " is missing from loomcat's jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
