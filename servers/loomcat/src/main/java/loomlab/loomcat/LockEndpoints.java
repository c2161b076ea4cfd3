package loomlab.loomcat;

import java.util.OptionalLong;
import java.util.concurrent.locks.ReentrantLock;
import loomlab.http.HttpRequest;
import loomlab.http.Numbers;
import loomlab.http.Response;

/**
 * The blocking that pins a virtual thread on JDK 21 and the ways around it, for the pinning
 * experiment. Each request that sleeps takes a monitor or lock of its own, so requests never wait
 * for each other: only pinning can make them pass in turn. The deadlock endpoint shares one lock on
 * purpose: it is the production failure JEP 491 removed.
 */
final class LockEndpoints {
    /** The one lock every {@code /deadlock} request contends for. */
    private final ReentrantLock shared = new ReentrantLock();
    /**
     * The last request's monitor, published so that each monitor escapes its method: C2 removes the
     * locking of an object that provably never escapes (lock elision), which would make the pinning
     * this class exists to show vanish once the method is compiled.
     */
    private volatile Object lastMonitor;

    /** {@code /sync/{millis}}. */
    Response sync(HttpRequest request) throws InterruptedException {
        return forMillis(request, "/sync", this::synchronizedSleep);
    }

    /** {@code /lock/{millis}}. */
    Response lock(HttpRequest request) throws InterruptedException {
        return forMillis(request, "/lock", this::lockedSleep);
    }

    /** {@code /deadlock/{millis}}. */
    Response deadlock(HttpRequest request) throws InterruptedException {
        return forMillis(request, "/deadlock", this::sharedLockSleep);
    }

    // The blocking itself sits in named methods, so a pinning site reads as what it is.

    /** Sleeps inside {@code synchronized} on a monitor of its own (pins on JDK 21). */
    private Response synchronizedSleep(long millis) throws InterruptedException {
        Object monitor = escaping(new Object());
        synchronized (monitor) {
            Thread.sleep(millis);
        }
        return Response.ok("slept " + millis + " ms inside synchronized\n");
    }

    /** Sleeps holding a ReentrantLock of its own, JDK 21's workaround (pins on no JDK). */
    private Response lockedSleep(long millis) throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        lock.lock();
        try {
            Thread.sleep(millis);
        } finally {
            lock.unlock();
        }
        return Response.ok("slept " + millis + " ms holding a ReentrantLock\n");
    }

    /**
     * Waits for the shared lock from inside {@code synchronized}, then holds it through a sleep
     * outside. On JDK 21, with more requests than carriers, the waiters park while pinned and hold
     * every carrier; the holder's sleep ends, it needs a carrier to go on, and none is ever free. On
     * JDK 24 and later the waiters give their carriers back and requests pass in turn.
     */
    private Response sharedLockSleep(long millis) throws InterruptedException {
        Object monitor = escaping(new Object());
        synchronized (monitor) {
            shared.lock();
        }
        try {
            Thread.sleep(millis);
        } finally {
            shared.unlock();
        }
        return Response.ok("held the shared lock " + millis + " ms\n");
    }

    private Object escaping(Object monitor) {
        lastMonitor = monitor;
        return monitor;
    }

    /** What an endpoint does with the milliseconds its path names. */
    @FunctionalInterface
    private interface ForMillis {
        Response answer(long millis) throws InterruptedException;
    }

    /** {@code path/{millis}} answered by {@code answer}, or the endpoint's usage for a bad number. */
    private static Response forMillis(HttpRequest request, String path, ForMillis answer) throws InterruptedException {
        OptionalLong millis = millis(request, path + "/");
        return millis.isEmpty() ? usage(path) : answer.answer(millis.getAsLong());
    }

    private static OptionalLong millis(HttpRequest request, String prefix) {
        return Numbers.parseInRange(request.path().substring(prefix.length()), 0, Endpoints.MAX_BLOCKING_MILLIS);
    }

    private static Response usage(String path) {
        return Response.badRequest("usage: " + path + "/{millis}, millis from 0 to " + Endpoints.MAX_BLOCKING_MILLIS);
    }
}
