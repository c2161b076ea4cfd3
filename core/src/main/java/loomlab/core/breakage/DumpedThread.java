package loomlab.core.breakage;

import java.util.List;

/**
 * One thread of a JSON thread dump ({@code jcmd PID Thread.dump_to_file -format=json}), as the dump
 * wrote it. JDK 21 writes only the name, the container and the stack; later JDKs add the state, the
 * carrier of a mounted virtual thread, and what the thread waits for. What a field's absence means is
 * {@link ThreadDump}'s business, since it depends on the layout of the whole dump.
 *
 * @param tid            the thread id, as the dump writes it
 * @param container      the thread container it was listed in ({@code <root>}, an executor's, the scheduler's)
 * @param virtual        the dump's {@code virtual} field, or null when absent
 * @param state          the dump's {@code state}, or null when absent (JDK 21)
 * @param carrier        the tid of the carrier a virtual thread is mounted on, or null
 * @param frames         top first, without the module prefix: {@code java.lang.Thread.sleep(Thread.java:509)}
 * @param blockedOn      the monitor a thread waits to enter ({@code Class@hash}), or null
 * @param waitingOn      the monitor of an {@code Object.wait}, or null
 * @param parkBlocker    the object a parked thread waits for ({@code ReentrantLock$NonfairSync@hash}), or null
 * @param parkBlockerOwner the tid of the thread that owns the park blocker (a lock's holder), or null
 * @param monitorsOwned  the monitors the thread holds
 */
public record DumpedThread(String tid, String name, String container, Boolean virtual, Thread.State state,
                           String carrier, List<String> frames, String blockedOn, String waitingOn, String parkBlocker,
                           String parkBlockerOwner, List<String> monitorsOwned) {
    public DumpedThread {
        frames = List.copyOf(frames);
        monitorsOwned = List.copyOf(monitorsOwned);
        name = name == null ? "" : name;
        container = container == null ? "" : container;
    }

    /** A thread with a name and a stack only: JDK 21's layout. */
    public static DumpedThread sparse(String tid, String name, String container, List<String> frames) {
        return new DumpedThread(tid, name, container, null, null, null, frames, null, null, null, null, List.of());
    }

    /** The name a sentence uses: the thread's own, or its id when it has none (virtual threads often do not). */
    public String label() {
        return name.isEmpty() ? "#" + tid : name;
    }

    boolean hasFrame(String prefix) {
        return frames.stream().anyMatch(f -> f.startsWith(prefix));
    }

    boolean hasFrameNearTop(String prefix, int depth) {
        return frames.stream().limit(depth).anyMatch(f -> f.startsWith(prefix));
    }
}
